import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportRow } from '@portal/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/file-picker.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useImportEmployees } from '../api/import-employees.ts';
import type { StaffPrefix } from '../api/prefix.ts';
import { CompanyAutocomplete, type CompanyOption } from './company-autocomplete.tsx';
import { notifyDone, notifyFailed } from './notify.ts';

const OUTCOME_COLOR = { new: 'success', known: 'default', invalid: 'error' } as const;

/** Bulk import: a company and a CSV/Excel file → a preview of every row → "Import N people" saves all new rows at once. */
export function ImportDialog({ prefix, onClose }: { prefix: StaffPrefix; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const run = useImportEmployees(prefix);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [showErrors, setShowErrors] = useState(false);

  const count = (outcome: ImportRow['outcome']) => rows?.filter((row) => row.outcome === outcome).length ?? 0;
  const newRows = count('new');
  const invalidRows = count('invalid');

  const preview = () => {
    setShowErrors(true);
    if (!company || !file) return;
    run.mutate(
      { companyId: company.id, commit: false, file },
      { onSuccess: (result) => setRows(result.rows), onError: (error) => notifyFailed('importPreview', error) },
    );
  };
  const commit = () => {
    if (!company || !file) return;
    run.mutate(
      { companyId: company.id, commit: true, file },
      {
        onSuccess: (result) => {
          notifyDone('imported', { count: result.created, n: formatNumber(result.created), company: company.name });
          onClose();
        },
        onError: (error) => notifyFailed('imported', error),
      },
    );
  };
  // Any change of company or file makes the preview out of date.
  const changed = () => setRows(null);

  return (
    <Dialog open onClose={run.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('organisation:import.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('organisation:import.hint')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' }, mb: 2 }}>
          <CompanyAutocomplete
            label={t('organisation:columns.company')}
            value={company}
            activeOnly
            error={showErrors && !company}
            helperText={showErrors && !company ? t('validation:companyRequired') : undefined}
            onChange={(next) => {
              setCompany(next);
              changed();
            }}
          />
          <FilePicker
            label={t('organisation:import.file')}
            buttonLabel={t('organisation:import.chooseFile')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            file={file}
            error={showErrors && !file ? t('organisation:import.fileRequired') : undefined}
            emptyText={t('organisation:import.noFile')}
            onChange={(next) => {
              setFile(next);
              changed();
            }}
          />
        </Stack>
        {rows ? (
          <>
            <Typography sx={{ mb: 1 }} role="status">
              {t('organisation:import.summary', {
                total: formatNumber(rows.length),
                new: formatNumber(newRows),
                known: formatNumber(count('known')),
                invalid: formatNumber(invalidRows),
              })}
            </Typography>
            {invalidRows > 0 ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {t('organisation:import.hasInvalid')}
              </Alert>
            ) : null}
            <TableContainer sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader aria-label={t('organisation:import.previewTable')}>
                <TableHead>
                  <TableRow>
                    {['line', 'surname', 'name', 'email', 'position', 'phone', 'role', 'outcome', 'reasons'].map((key) => (
                      <TableCell key={key} sx={{ fontWeight: 600 }}>
                        {t(`organisation:import.columns.${key}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.line}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell>{row.surname}</TableCell>
                      <TableCell>{row.name}</TableCell>
                      <TableCell>{row.email}</TableCell>
                      <TableCell>{row.position}</TableCell>
                      <TableCell>{row.phone}</TableCell>
                      <TableCell>{row.role}</TableCell>
                      <TableCell>
                        <Chip size="small" color={OUTCOME_COLOR[row.outcome]} label={t(`organisation:import.outcome.${row.outcome}`)} />
                      </TableCell>
                      <TableCell sx={{ color: row.outcome === 'invalid' ? 'error.main' : 'text.secondary' }}>
                        {Object.entries(row.reasons)
                          .map(([field, reason]) => `${t(`organisation:import.columns.${field}`, { defaultValue: field })}: ${reason}`)
                          .join('; ')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={run.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant={rows ? 'outlined' : 'contained'} onClick={preview} loading={run.isPending && run.variables?.commit === false}>
          {t('organisation:import.preview')}
        </Button>
        {rows ? (
          <Button
            variant="contained"
            onClick={commit}
            disabled={newRows === 0 || invalidRows > 0}
            loading={run.isPending && run.variables?.commit === true}
          >
            {t('organisation:import.commit', { count: newRows, n: formatNumber(newRows) })}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
