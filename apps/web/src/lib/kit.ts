// The kit: what many of the pages share (validation, forms, dialogs, menus, tables, the shared contracts) is one chunk
// of its own (vite.config.ts), which those pages import. This module is its handle: it imports zod, which every form
// uses and so the kit always holds, and importing it loads the kit. The app does so once the first page is up
// (app/start.tsx), so a page opened later brings only its own code.
import 'zod';
