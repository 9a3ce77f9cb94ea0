import { LOCALES, ROLE_PREFIX, ROLES, type Role } from '@portal/shared';
import type { RouteObject } from 'react-router';
import { importWithReload } from '../lib/chunk-reload.ts';
import { loadNamespaces } from '../lib/i18n.ts';
import { notFoundInFrame, redirectFromLocalePrefix, redirectHome, redirectToRoleHome, requireRole } from './guards.ts';
import { LayoutFrame } from './layouts/layout-frame.tsx';
import { PublicFrame } from './layouts/public-layout.tsx';
import { allows, isPublic, type LayoutName, NOT_FOUND_PAGE, ROUTE_TABLE, type RouteEntry } from './route-table.ts';
import { AppShell, ShellFallback } from './shell/app-shell.tsx';
import { RouteErrorPage } from './shell/error-page.tsx';

// Routes that only redirect still get a component, so the router does not warn about an empty leaf.
const RedirectOnly = () => null;

function pageRoute(entry: RouteEntry): RouteObject {
  return {
    path: entry.path,
    ErrorBoundary: RouteErrorPage,
    // The page's words arrive with its code, so it never shows a raw key.
    lazy: async () => {
      const [page] = await Promise.all([importWithReload(entry.page), loadNamespaces(entry.namespaces)]);
      return { Component: page.default };
    },
  };
}

/** One layout route per layout used, holding its pages. */
function groupByLayout(entries: readonly RouteEntry[], idPrefix: string): RouteObject[] {
  const groups = new Map<LayoutName, RouteEntry[]>();
  for (const entry of entries) groups.set(entry.layout, [...(groups.get(entry.layout) ?? []), entry]);
  return [...groups].map(([layout, pages]) => ({
    id: `${idPrefix}:${layout}`,
    element: <LayoutFrame layout={layout} />,
    children: pages.map(pageRoute),
  }));
}

/** A role's area: its prefix, its guard, and the route table's entries that role may open. */
function roleArea(role: Role): RouteObject {
  const prefix = ROLE_PREFIX[role];
  const pages = groupByLayout(
    ROUTE_TABLE.filter((entry) => allows(entry, role)),
    `area:${role}`,
  );
  return {
    id: `area:${role}`,
    // The plain user's area has no prefix: a pathless route whose pages sit at the root.
    ...(prefix ? { path: prefix } : {}),
    loader: requireRole(role),
    children: prefix ? [{ index: true, loader: redirectToRoleHome(role), Component: RedirectOnly }, ...pages] : pages,
  };
}

function RootErrorPage() {
  return (
    <PublicFrame>
      <RouteErrorPage />
    </PublicFrame>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppShell,
    ErrorBoundary: RootErrorPage,
    HydrateFallback: ShellFallback,
    children: [
      { index: true, loader: redirectHome, Component: RedirectOnly },
      ...groupByLayout(ROUTE_TABLE.filter(isPublic), 'public'),
      ...ROLES.map(roleArea),
      ...LOCALES.map((locale) => ({ path: `/${locale}/*`, loader: redirectFromLocalePrefix(locale), Component: RedirectOnly })),
      {
        id: 'not-found',
        loader: notFoundInFrame,
        element: <LayoutFrame layout="default" />,
        children: [{ path: '*', lazy: async () => ({ Component: (await importWithReload(NOT_FOUND_PAGE)).default }) }],
      },
    ],
  },
];
