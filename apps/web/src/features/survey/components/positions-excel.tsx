import { useTranslation } from 'react-i18next';
import { downloadPositions, useUploadPositions } from '../api/survey-mutations.ts';
import { ExcelRoundTrip } from './excel-round-trip.tsx';

/** The grid's Excel round trip: the template prefilled with the company's rows and codes, read back cell by cell. */
export function PositionsExcel() {
  const { t } = useTranslation();
  return (
    <ExcelRoundTrip
      words="excel"
      download={downloadPositions}
      upload={useUploadPositions()}
      summary={(r) => t('survey:excel.summary', { rows: r.rows, cars: r.cars, errors: r.errors, warnings: r.warnings })}
      savedText={(r) => t('survey:excel.saved', { rows: r.rows })}
    />
  );
}
