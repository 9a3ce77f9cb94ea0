import { SIZE_BANDS, type SizeBand } from '@portal/shared/reports-model';

/** The cut's choice as it is kept in the address (`?regions=3,7&band=100_499`), so a cut can be shared and comes back on reload. */
export interface CutChoice {
  regionIds: number[];
  sizeBand: SizeBand | undefined;
}

export function readCut(params: URLSearchParams): CutChoice {
  const regionIds = [
    ...new Set(
      (params.get('regions') ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
  const band = params.get('band');
  return { regionIds, sizeBand: (SIZE_BANDS as readonly string[]).includes(band ?? '') ? (band as SizeBand) : undefined };
}

/** The address's parameters for a choice: others kept, an empty part left out. */
export function writeCut(params: URLSearchParams, choice: CutChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  if (choice.regionIds.length) next.set('regions', [...choice.regionIds].sort((a, b) => a - b).join(','));
  else next.delete('regions');
  if (choice.sizeBand) next.set('band', choice.sizeBand);
  else next.delete('band');
  return next;
}
