import helmet from '@fastify/helmet';
import { API_PREFIX } from '@portal/shared';
import type { FastifyInstance } from 'fastify';

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
 * A members-only portal is indexed by nobody: every response says so (robots.txt and the pages' meta tag say it too);
 * and every response denies the browser features the portal never uses.
 */
function registerPagePolicies(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
}

/**
 * Security headers on every response: a content security policy without inline scripts (MUI's emotion
 * needs inline styles), no framing, nosniff, a strict referrer policy; HSTS only behind HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, https: boolean): Promise<void> {
  await app.register(helmet, {
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
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  registerNoStore(app);
  registerPagePolicies(app);
}
