import getSwaggerUiPath from 'swagger-ui-dist/absolute-path.js';
import path from 'node:path';

/** The files of swagger-ui-dist the page loads, served from the package as they are. */
export const SWAGGER_UI_ASSETS: Readonly<Record<string, { file: string; type: string }>> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

let swaggerUiDir: string | undefined;

/** Where swagger-ui-dist's files are on disk (found once, streamed per request: never held in memory). */
export const swaggerUiFile = (name: string): string | undefined => {
  const asset = SWAGGER_UI_ASSETS[name];
  return asset && path.join((swaggerUiDir ??= getSwaggerUiPath()), asset.file);
};

export interface DocsPage {
  html: string;
  /** Our own start-up script and stylesheet, served as files so the CSP needs no inline script. */
  script: string;
  style: string;
  csp: string;
}

/**
 * `/api/docs`: Swagger UI (swagger-ui-dist, served by the gateway itself: no CDN) over
 * `/api/docs/openapi.json`, with "Try it out" and an Authorize button for a bearer token (kept in
 * the browser's local storage across reloads), and below it the problem types that problem+json
 * `type` links point to (`/api/docs#problem-validation-failed`). The CSP allows scripts, styles,
 * images and requests from the gateway itself only (`style-src 'unsafe-inline'`: Swagger UI sets
 * element styles).
 */
export function docsPage(title: string, problemCodes: readonly string[]): DocsPage {
  const problems = problemCodes.map((code) => `<dt id="problem-${code.toLowerCase().replace(/_/g, '-')}"><code>${escapeHtml(code)}</code></dt>`).join('');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/assets/docs.css">
</head>
<body>
<div id="ui"><p class="loading">Loading the API description from <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>…</p></div>
<section id="problems"><h2>Problem types</h2><p>Errors are <code>application/problem+json</code> (RFC 9457) with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>instance</code>, <code>code</code>, <code>requestId</code> and, for validation, <code>errors: [{field, message}]</code>. The <code>code</code> is one of:</p><dl>${problems}</dl></section>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/docs.js"></script>
</body>
</html>`;
  const csp = [
    `default-src 'none'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
  return { html, script: SCRIPT, style: STYLE, csp };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#ui',
  deepLinking: true,
  filter: true,
  tryItOutEnabled: true,
  persistAuthorization: true,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 0,
});
`;

const STYLE = `body{margin:0;font-family:system-ui,sans-serif}
.loading{max-width:1100px;margin:24px auto;padding:0 20px}
#problems{max-width:1460px;margin:0 auto 40px;padding:0 20px;font-size:14px}
#problems dt{margin-top:6px}
`;
