import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';

/** The bar that offers to reload once a newer build has been deployed. */
export default function NewVersionBar() {
  const { t } = useTranslation();
  return (
    <Snackbar open anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="info"
        variant="filled"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('common:reload')}
          </Button>
        }
      >
        {t('common:newVersion')}
      </Alert>
    </Snackbar>
  );
}
