import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { UI } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const BUILD_ID = import.meta.env.VITE_BUILD_ID;

async function deployedVersion(): Promise<string | null> {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === 'string' ? body.version : null;
  } catch {
    return null;
  }
}

/** Checks now and then whether a newer build has been deployed and offers a reload. */
export function VersionCheck() {
  const { t } = useTranslation();
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    if (outdated || !BUILD_ID) return undefined;
    const check = async () => {
      const version = await deployedVersion();
      if (version && version !== BUILD_ID) setOutdated(true);
    };
    const timer = setInterval(check, UI.versionCheckIntervalMs);
    return () => clearInterval(timer);
  }, [outdated]);

  return (
    <Snackbar open={outdated} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
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
