import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { UI } from '@portal/shared';
import { translate } from '@portal/shared/i18n';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A year: the longest a browser keeps anything, and files under /assets/ never change (their names carry their hash). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed assets are kept for a year; the pages, the version file and the icons are checked every time. */
function cacheHeaders(reply: FastifyReply, file: string): void {
  const hashed = file.split(path.sep).includes('assets');
  reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
}

/** A members-only portal: no crawler indexes any of it (every response also says so in X-Robots-Tag). */
const ROBOTS = 'User-agent: *\nDisallow: /\n';

/** The web app manifest, in the caller's language: the name a phone shows under the icon on its home screen. */
function manifest(locale: 'en' | 'ru') {
  return {
    name: translate(locale, 'common.appName'),
    short_name: translate(locale, 'common.appShortName'),
    description: translate(locale, 'common.appDescription'),
    lang: locale,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: UI.primaryColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

/**
 * Serves the built web app's files: the brotli or gzip copy made at build time when the browser takes it,
 * with the cache headers above. Source maps are not in the build folder, so they are never served.
 */
export async function registerWebFiles(app: FastifyInstance, webDist: string): Promise<void> {
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache').send(ROBOTS));
  app.get('/manifest.webmanifest', (request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language, Cookie')
      .send(manifest(request.locale)),
  );
  if (!fs.existsSync(webDist)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: cacheHeaders,
  });
}
