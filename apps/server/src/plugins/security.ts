import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * API answers are never stored by a browser or a proxy: they carry tokens, personal data, codes and results
 * that change; a route that may be cached says so itself.
 */
function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}

/** Browser features the portal never uses, denied to every page (and to anything a page might embed). */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The headers helmet would set, worked out once: they depend on the configuration, never on the request
 * (@fastify/helmet builds helmet anew on every request, parsing the policy each time).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return [...headers];
}

/**
 * Security headers on every response: a content security policy without inline scripts (MUI's emotion
 * needs inline styles), no framing, nosniff, a strict referrer policy; HSTS only behind HTTPS. A members-only
 * portal is indexed by nobody (robots.txt and the pages' meta tag say it too), and every response denies the
 * browser features the portal never uses. Set on the raw response as the request arrives, so errors carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  headers.push(['X-Robots-Tag', 'noindex, nofollow'], ['Permissions-Policy', PERMISSIONS_POLICY]);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  registerNoStore(app);
}
