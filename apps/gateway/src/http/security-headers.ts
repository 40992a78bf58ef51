import cors from 'cors';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { GatewayErrorCode, ProblemError } from './problem';

export interface BrowserPolicy {
  /** Origins (scheme://host[:port]) whose pages may call the API from a browser: the admin dashboard's. */
  corsOrigins: readonly string[];
  /** Strict-Transport-Security max-age; 0 sends none (a gateway reached over plain HTTP only). */
  hstsMaxAgeSeconds: number;
}

/** Headers a browser reads from any API answer; the dashboard needs them for paging, downloads and 429s. */
const EXPOSED_HEADERS = ['Retry-After', 'ETag', 'Content-Disposition', 'Content-Length', 'Content-Range', 'Accept-Ranges', 'X-Request-Id'];

/**
 * Security headers on every answer (helmet): HSTS, `nosniff`, `Referrer-Policy: no-referrer`,
 * `X-Frame-Options: DENY` and a CSP that lets an API answer load nothing and be framed by nobody
 * (the docs page sets its own, stricter-by-hash one). Resources stay loadable cross-origin
 * (`Cross-Origin-Resource-Policy: cross-origin`) because the dashboard and app show stored logos and
 * documents from `/api/storage/…`.
 */
export function securityHeaders(policy: BrowserPolicy): RequestHandler {
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      strictTransportSecurity: policy.hstsMaxAgeSeconds > 0 ? { maxAge: policy.hstsMaxAgeSeconds, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a middleware sets on every answer, recorded once: helmet's depend on its options
 * only, so the gateway sets the recorded list instead of running helmet's eleven middlewares on
 * every request (docs/decisions/0232-cpu-per-request.md).
 */
function headersOf(middleware: RequestHandler): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  };
  let done = false;
  void middleware({ headers: {} } as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('the security headers middleware did not finish synchronously');
  return [...headers];
}

/**
 * CORS for the configured origins only (the `cors` package): bearer tokens, no cookies, so no
 * credentials. A preflight from any other origin is refused with a problem+json 403, so a
 * misconfigured dashboard sees why; a simple request from another origin gets no CORS headers and
 * the browser withholds the answer.
 */
export function corsPolicy(policy: BrowserPolicy): RequestHandler[] {
  const allowed = new Set(policy.corsOrigins);
  const refusePreflight: RequestHandler = (req, _res, next) => {
    const origin = req.get('origin');
    if (req.method === 'OPTIONS' && origin !== undefined && req.get('access-control-request-method') !== undefined && !allowed.has(origin)) {
      return next(new ProblemError({ status: 403, code: GatewayErrorCode.ORIGIN_NOT_ALLOWED, detail: `Origin ${origin.slice(0, 200)} may not call this API` }));
    }
    next();
  };
  const headers = cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Range', 'If-None-Match', 'X-Request-Id'],
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
  });
  return [refusePreflight, headers];
}

/** `GATEWAY_CORS_ORIGINS`: comma-separated origins; each must be exactly scheme://host[:port]. */
export function parseCorsOrigins(value: string): string[] {
  const origins = value
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new Error(`GATEWAY_CORS_ORIGINS: ${origin} is not an origin (scheme://host[:port])`);
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new Error(`GATEWAY_CORS_ORIGINS: ${origin} is not an origin (scheme://host[:port], no path or trailing slash)`);
    }
  }
  return origins;
}
