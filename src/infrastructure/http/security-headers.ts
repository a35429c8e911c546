import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
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
export const SECURITY_HEADERS: Readonly<Record<string, string>> = helmetHeaders({
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'no-referrer' },
  // HTTPS is the proxy's business: a Strict-Transport-Security header belongs there.
  strictTransportSecurity: false,
});

/**
 * The answers of the JSON API are never rendered as documents, so most of Helmet's headers
 * mean nothing to them; they get what OWASP's REST Security Cheat Sheet asks of an API: no
 * sniffing, a policy that loads nothing and may not be framed, no referrer.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/** Where the JSON API answers; everything else (pages, assets, /docs) gets the whole set. */
const API_PREFIX = '/api/';

/**
 * Sets the security headers on every answer. They are the same for every request (no CSP
 * nonces), so they are computed once: @fastify/helmet rebuilt Helmet's middleware and its
 * policy string on every request, 4% of the CPU of a decision.
 */
export function useSecurityHeaders(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      void reply.headers(
        request.url.startsWith(API_PREFIX) ? API_SECURITY_HEADERS : SECURITY_HEADERS,
      );
      done();
    });
}

/** The headers Helmet's middleware sets with `options`, collected once from a stand-in response. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return headers;
}
