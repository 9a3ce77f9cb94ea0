import { UI } from '@portal/shared';

const RELOADED_AT_KEY = 'portal.chunkReloadAt';

/** True for the errors browsers raise when a lazily loaded chunk is gone (usually after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads the page to pick up the new build, at most once in UI.chunkReloadGuardMs so a chunk that
 * is really broken shows the error page instead of reloading forever. Answers whether it reloads.
 */
export function reloadForChunkError(): boolean {
  const now = Date.now();
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now - last < UI.chunkReloadGuardMs) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Wraps a lazy import: a failed chunk reloads the page once; otherwise the error goes on to the error page. */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && reloadForChunkError()) return new Promise<T>(() => {});
    throw error;
  }
}
