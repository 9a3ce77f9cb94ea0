import { useTranslation } from 'react-i18next';
import { downloadIncumbents, useUploadIncumbents } from '../api/survey-mutations.ts';
import { ExcelRoundTrip } from './excel-round-trip.tsx';

/**
 * The optional incumbent upload beside the grid's round trip: one line per person (codes and pay, no names), from which
 * the averages of the rows it names are computed.
 */
export function IncumbentsExcel() {
  const { t } = useTranslation();
  return (
    <ExcelRoundTrip
      words="incumbents"
      download={downloadIncumbents}
      upload={useUploadIncumbents()}
      summary={(r) =>
        t('survey:incumbents.summary', {
          rows: r.rows,
          entries: r.entries,
          created: r.created,
          released: r.released,
          errors: r.errors,
          warnings: r.warnings,
        })
      }
      savedText={(r) => t('survey:incumbents.saved', { rows: r.rows, entries: r.entries })}
    />
  );
}
