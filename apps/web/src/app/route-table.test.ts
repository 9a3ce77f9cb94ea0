import fs from 'node:fs';
import path from 'node:path';
import { LOG_NAMESPACES } from '@portal/shared';
import { NAMESPACES, type Namespace } from '@portal/shared/i18n-catalogues';
import { describe, expect, it } from 'vitest';
import { CORE_NAMESPACES } from '../lib/i18n.ts';
import { NOT_FOUND_PAGE, ROUTE_TABLE } from './route-table.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const IMPORT_RE = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+\.tsx?)'/g;

/** The source files a module loads, statically or lazily, not entering those `skip` refuses. */
function closure(file: string, skip: (file: string) => boolean = () => false, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || skip(file)) return seen;
  seen.add(file);
  for (const [, spec = ''] of fs.readFileSync(file, 'utf8').matchAll(IMPORT_RE)) closure(path.resolve(path.dirname(file), spec), skip, seen);
  return seen;
}

/** The namespaces whose words the files show: keys written "ns:key" or "ns.key", a feature's toasts, the logs' names. */
function namespacesUsed(files: Set<string>): Set<Namespace> {
  const used = new Set<Namespace>();
  for (const file of files) {
    const code = fs.readFileSync(file, 'utf8');
    for (const ns of NAMESPACES) if (new RegExp(`['"\`]${ns}[:.][a-zA-Z$]|actionToasts\\('${ns}'`).test(code)) used.add(ns);
    if (code.includes('LOG_NAMESPACES')) for (const ns of Object.values(LOG_NAMESPACES)) used.add(ns);
  }
  return used;
}

/** The page module a route's `page` imports (its source names the path, written relative or from the root). */
const pageFile = (page: () => unknown) => path.join(SRC, 'app/routes', /\/routes\/([\w/.-]+\.page\.tsx)/.exec(String(page))?.[1] ?? 'missing');

describe('the words each page loads', () => {
  it.each(ROUTE_TABLE.map((entry) => [`${entry.path} (${entry.roles})`, entry] as const))('%s: its namespaces come with it', (_, entry) => {
    const used = namespacesUsed(closure(pageFile(entry.page)));
    const loaded = new Set<Namespace>([...CORE_NAMESPACES, ...entry.namespaces]);
    expect([...used].filter((ns) => !loaded.has(ns))).toEqual([]);
  });

  it('the frame (shell, layouts, navigation) and the 404 page use the core words only', () => {
    const inPage = (file: string) => file.includes(`${path.sep}app${path.sep}routes${path.sep}`);
    const frame = closure(path.join(SRC, 'app/start.tsx'), inPage);
    const used = [...namespacesUsed(frame), ...namespacesUsed(closure(pageFile(NOT_FOUND_PAGE)))];
    expect(used.filter((ns) => !(CORE_NAMESPACES as readonly Namespace[]).includes(ns))).toEqual([]);
  });
});
