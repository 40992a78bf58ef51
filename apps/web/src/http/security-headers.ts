import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * The pages' headers: a strict Content-Security-Policy (own scripts only, no inline script; inline
 * styles for the UI libraries' style attributes; images also as data:/blob: for previews of an
 * upload), no framing, no referrer to other origins.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Same-origin only: the app is never embedded and embeds nothing.
    crossOriginEmbedderPolicy: false,
  });
}
