// The build's prerender (scripts/build-web.mjs): the login page rendered to HTML in each language, so a phone paints
// it before the app's JavaScript arrives. The app then renders the same page over it (see main.tsx).
import type { Locale } from '@portal/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { pageTitle } from './components/page-title.ts';
import { i18n } from './lib/i18n.ts';

export interface PrerenderedPage {
  html: string;
  title: string;
  description: string;
}

/** A public page's markup (with its styles inline) and its title and description, in a language. */
export async function render(path: string, locale: Locale, titleKey: string): Promise<PrerenderedPage> {
  await i18n.changeLanguage(locale);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const appName = i18n.t('common:appName');
  return { html, title: pageTitle(i18n.t(titleKey), appName), description: i18n.t('common:appDescription') };
}
