// Renders the app into #root: at once (index.html, through main.tsx), or over the prerendered login page when the
// person starts to use it (login-boot.ts).
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { reloadForChunkError } from '../lib/chunk-reload.ts';
import { i18nReady } from '../lib/i18n.ts';
import { prerenderedTakeover } from '../lib/prerendered.ts';
import { router } from './browser-router.ts';
import { Providers } from './providers.tsx';

// Vite reports a preload failure of a lazy chunk here (usually a deploy replaced it): reload once.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
const root = createRoot(container);

/**
 * Renders once the frame's words (one language's core catalogue, loading beside the first page) are in. Awaited in
 * a function, not at the top level: the pages import from the chunk that holds this module, and a top-level await
 * of the first page would have that chunk and the page wait for each other.
 */
async function render(): Promise<void> {
  const takeover = prerenderedTakeover();
  await i18nReady;
  if (!takeover) {
    root.render(app);
    return;
  }
  // The prerendered login is on screen: render over it once the route's code has loaded (never an empty page in
  // between), at once, and do again what the person did meanwhile.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  takeover.replay(() => flushSync(() => root.render(app)));
}
/**
 * Once the first page is up and the browser has a moment, the kit (lib/kit.ts) loads in the background. Nothing waits
 * for it: a page that needs it first asks for it itself, and one that failed to load is asked for again by the next.
 */
function loadKitWhenIdle(): void {
  const load = () => void import('../lib/kit.ts').catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5_000 });
  else setTimeout(load, 1_000);
}
void render().then(loadKitWhenIdle);
