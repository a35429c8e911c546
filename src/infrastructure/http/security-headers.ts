import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * What the pages this server sends (the replay viewer, the Swagger UI at /docs) may load:
 * their own scripts only, no inline script; inline styles (the Swagger UI has a style
 * element); images of their own or data: URLs; no framing by other sites.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every response (Helmet): the content security policy above,
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, no framing. The policy
 * is given whole (no Helmet defaults), so it holds nothing like `upgrade-insecure-requests`
 * that would break the viewer on a plain-HTTP deployment behind a proxy.
 */
export async function useSecurityHeaders(app: NestFastifyApplication): Promise<void> {
  await app.register(helmet as never, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'no-referrer' },
    // HTTPS is the proxy's business: a Strict-Transport-Security header belongs there.
    strictTransportSecurity: false,
  });
}
