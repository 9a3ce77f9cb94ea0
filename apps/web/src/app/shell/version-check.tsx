import { UI } from '@portal/shared';
import { lazy, Suspense, useEffect, useState } from 'react';

// Not in the first load: fetched once the app has painted, before a deploy can remove this build's files.
const loadBar = () => import('./new-version-bar.tsx');
const NewVersionBar = lazy(loadBar);

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
  const [outdated, setOutdated] = useState(false);

  useEffect(() => {
    void loadBar();
  }, []);

  useEffect(() => {
    if (outdated || !BUILD_ID) return undefined;
    const check = async () => {
      const version = await deployedVersion();
      if (version && version !== BUILD_ID) setOutdated(true);
    };
    const timer = setInterval(check, UI.versionCheckIntervalMs);
    return () => clearInterval(timer);
  }, [outdated]);

  return outdated ? (
    <Suspense fallback={null}>
      <NewVersionBar />
    </Suspense>
  ) : null;
}
