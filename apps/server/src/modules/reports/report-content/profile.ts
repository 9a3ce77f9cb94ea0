import { PROFILE_METRIC, SIZE_BANDS } from '@portal/shared/reports-model';
import type { SnapshotData, TableSection } from '../report-document.ts';
import { sizeBandLabel } from './cover.ts';
import { table } from './sections.ts';
import type { CellIndex, StatReader } from './stat-cells.ts';

/**
 * The participant profile (design §3.1): the companies and incumbents covered in all, by company size band and by
 * the regions they are present in. The counts are the figures here, so a count below the rules shows why instead.
 */
export function participantProfile(data: SnapshotData, cells: CellIndex, read: StatReader): TableSection {
  const { w } = read;
  const at = (cut: { sizeBand?: (typeof SIZE_BANDS)[number]; regionId?: number }) => cells.get({ domain: 'profile', metric: PROFILE_METRIC, ...cut });
  const cuts = [
    { label: w.t('profile.all'), cell: at({}) },
    ...SIZE_BANDS.map((sizeBand) => ({ label: sizeBandLabel(sizeBand, w), cell: at({ sizeBand }) })),
    ...data.regions.map((r) => ({ label: w.t('profile.region', { region: w.region(r.id) }), cell: at({ regionId: r.id }) })),
  ];
  return table(
    {
      heading: w.t('general.profile'),
      columns: [
        { key: 'cut', label: w.t('columns.cut'), format: 'text' },
        { key: 'nCompanies', label: w.t('columns.nCompanies'), format: 'int' },
        { key: 'prevalencePct', label: w.t('columns.participantShare'), format: 'pct' },
        { key: 'nIncumbents', label: w.t('columns.incumbentsCovered'), format: 'int' },
      ],
      rows: cuts.flatMap(({ label, cell }) => (cell ? [{ cut: label, ...read.countRow(cell, ['nCompanies', 'prevalencePct', 'nIncumbents']) }] : [])),
    },
    read,
    [w.t('notes.profile')],
  );
}
