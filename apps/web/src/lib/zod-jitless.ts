// The web build resolves every `import … from 'zod'` (the shared package's too) to this module (vite.config.ts).
// Zod compiles its parsers with `new Function` when it may, and finds out by trying once; the portal's
// Content-Security-Policy (rightly) refuses eval, so the probe would log a policy violation on every page load.
// Whether to compile is fixed as each schema is built, so this runs before any module that builds one:
// their imports of 'zod' evaluate this module, body included, before their own bodies.
import { config } from 'zod/v4';

export * from 'zod/v4';
export { default } from 'zod/v4';

config({ jitless: true });
