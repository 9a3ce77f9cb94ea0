import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** An empty report history: who gets the reports (give to get) and the way to take part. */
export function ReportsEmpty({ selectionPath }: { selectionPath: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="reports-empty" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
      <Typography id="reports-empty" variant="h6" component="h2">
        {t('reports:published.emptyTitle')}
      </Typography>
      <Typography>{t('reports:published.emptyGiveToGet')}</Typography>
      <Typography color="text.secondary">{t('reports:published.emptyGrants')}</Typography>
      <Button component={RouterLink} to={selectionPath} variant="contained" sx={{ justifySelf: 'start' }}>
        {t('reports:published.emptyAction')}
      </Button>
    </Paper>
  );
}
