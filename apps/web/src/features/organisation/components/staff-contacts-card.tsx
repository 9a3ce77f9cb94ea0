import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAipmEmployees } from '../api/aipm-employees.ts';
import { useOrgPrefix } from '../api/prefix.ts';

/** The association's staff contacts, read only (for ceo and trusted). */
export function StaffContactsCard() {
  const { t } = useTranslation();
  const prefix = useOrgPrefix();
  const staff = useAipmEmployees(prefix);
  const rows = (staff.data ?? []).filter((p) => p.isActive);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="staff-contacts-title">
      <Typography id="staff-contacts-title" variant="h6" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {t('organisation:contacts.title')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('organisation:contacts.title')}>
          <TableHead>
            <TableRow>
              {(['person', 'position', 'email', 'phone'] as const).map((key) => (
                <TableCell key={key} sx={{ fontWeight: 600 }}>
                  {t(`organisation:columns.${key}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => (
              <TableRow key={p.id}>
                <TableCell>{`${p.name} ${p.surname}`}</TableCell>
                <TableCell>{p.position}</TableCell>
                <TableCell>
                  <Link href={`mailto:${p.email}`}>{p.email}</Link>
                </TableCell>
                <TableCell>
                  <Link href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>{p.phone}</Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
