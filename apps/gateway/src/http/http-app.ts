import express, { type Express } from 'express';
import type { Logger } from '@platform/telemetry';
import type { GatewayMetrics } from '../observability/gateway-metrics';
import { type ApiHandlerDeps, apiHandler } from './api-handler';
import { errorHandler } from './error-handler';
import { localsOf, requestContext } from './request-context';
import { type BrowserPolicy, corsPolicy, securityHeaders } from './security-headers';
import type { ApiDocs } from '../docs/api-docs';
import { SWAGGER_UI_ASSETS, swaggerUiFile } from '../docs/docs-page';
import { type LegacyV1Deps, legacyV1Router } from '../legacy-v1/legacy-router';

export interface HttpAppDeps extends ApiHandlerDeps {
  logger: Logger;
  metrics: GatewayMetrics;
  trustProxy: string;
  /** Security headers and CORS. */
  browser: BrowserPolicy;
  /** `/api/docs` (Swagger UI), its assets and `/api/docs/openapi.json`, built when first asked for. */
  docs: ApiDocs;
  /** `/api/v1`, the old mobile app's API served from the platform; absent when switched off. */
  legacyV1?: LegacyV1Deps;
}

/** The public Express app: docs, the REST routes from the proto, and problem+json for everything else. */
export function createHttpApp(deps: HttpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', trustProxyValue(deps.trustProxy));
  app.use(requestContext(deps.logger, deps.metrics));
  app.use(securityHeaders(deps.browser));
  app.use(corsPolicy(deps.browser));

  app.get('/api/docs/openapi.json', (_req, res) => {
    localsOf(res).routeLabel = 'GET /api/docs/openapi.json';
    res.type('application/json').send(deps.docs.openApiJson());
  });
  app.get('/api/docs', (_req, res) => {
    localsOf(res).routeLabel = 'GET /api/docs';
    const page = deps.docs.page();
    res.setHeader('Content-Security-Policy', page.csp);
    res.type('html').send(page.html);
  });
  app.get('/api/docs/assets/:file', (req, res, next) => {
    localsOf(res).routeLabel = 'GET /api/docs/assets/{file}';
    const name = req.params['file'] ?? '';
    if (name === 'docs.js') return void res.type('text/javascript; charset=utf-8').set('Cache-Control', 'no-cache').send(deps.docs.page().script);
    if (name === 'docs.css') return void res.type('text/css; charset=utf-8').set('Cache-Control', 'no-cache').send(deps.docs.page().style);
    const file = swaggerUiFile(name);
    if (!file) return next();
    // Streamed from swagger-ui-dist on disk; versioned with the gateway, so a day of caching is safe.
    res.sendFile(file, { maxAge: '1d', headers: { 'Content-Type': SWAGGER_UI_ASSETS[name]?.type ?? 'application/octet-stream' } }, (err) => {
      if (err) next(err);
    });
  });
  // The old app's API in the old site's shapes and errors (legacy-v1/), before the generic routes.
  if (deps.legacyV1) app.use('/api/v1', legacyV1Router(deps, deps.legacyV1));
  // Every other path, /api or not: routed from the proto, or a problem+json 404.
  app.use(apiHandler(deps));
  app.use(errorHandler());
  return app;
}

/** `GATEWAY_TRUST_PROXY`: true/false, a hop count, or Express's names and subnets (`loopback, 10.0.0.0/8`). */
export function trustProxyValue(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
