import type { LayoutName } from '../route-table.ts';
import { AppLayout } from './app-layout.tsx';
import { PublicLayout } from './public-layout.tsx';

/** The layout a route table entry names. */
export function LayoutFrame({ layout }: { layout: LayoutName }) {
  return layout === 'no-auth' ? <PublicLayout /> : <AppLayout layout={layout} />;
}
