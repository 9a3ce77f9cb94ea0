// The render thread's entry: TypeScript is loaded through tsx, as in the server itself and in the tests.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
