// The login page comes prerendered (scripts/build-web.mjs), so it paints before any of the app's code has arrived.
// The app loads when the person starts to use the page (what they do meanwhile is kept: lib/prerendered.ts), or at
// once for someone already signed in, whom the app sends on to their home.
import { watchPrerendered } from './lib/prerendered.ts';
import { getToken } from './lib/token.ts';

const MOVES = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const move of MOVES) removeEventListener(move, start, true);
  void import('./app/start.tsx');
};

const root = document.getElementById('root');
if (root) watchPrerendered(root);
if (getToken()) start();
else for (const move of MOVES) addEventListener(move, start, { capture: true, passive: true });
