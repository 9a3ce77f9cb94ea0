import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A year: the longest a browser keeps anything, and files under /assets/ never change (their names carry their hash). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed assets are kept for a year; the pages, the version file and the icons are checked every time. */
function cacheHeaders(reply: FastifyReply, file: string): void {
  const hashed = file.split(path.sep).includes('assets');
  reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
}

/**
 * Serves the built web app's files: the brotli or gzip copy made at build time when the browser takes it,
 * with the cache headers above. Source maps are not in the build folder, so they are never served.
 */
export async function registerWebFiles(app: FastifyInstance, webDist: string): Promise<void> {
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
