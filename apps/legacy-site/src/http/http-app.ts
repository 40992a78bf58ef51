import express, { type Express } from 'express';
import { appRouter } from './app-router';
import { authRouter } from './auth-router';
import { errorHandler, noRoute } from './errors';
import { rememberRouteBase, requestMetrics, type SiteMetrics } from './metrics';
import type { SiteServices } from './services';
import { syncRouter } from './sync-router';
import { uploadsRouter } from './uploads-router';

/**
 * The site's HTTP surface: the plugin's API under /api/v1, the uploads folder, and 404 for the rest.
 * Metrics and probes are on the admin port (@platform/health, started in site.ts), not here.
 */
export function createHttpApp(services: SiteServices, metrics?: SiteMetrics): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  if (metrics) app.use(requestMetrics(metrics));
  // Express answers OPTIONS on a known path by itself (200 with an Allow list); the CMS registers
  // no OPTIONS handler here, so OPTIONS is a route that does not exist, like any other.
  app.use((req, res, next) => (req.method === 'OPTIONS' ? noRoute(req, res, next) : next()));
  app.use(uploadsRouter());
  const api = express.Router();
  api.use(rememberRouteBase);
  api.use(express.json({ limit: '10mb', strict: false }));
  api.use(express.urlencoded({ extended: false, limit: '1mb' }));
  api.use(authRouter(services));
  api.use(syncRouter(services));
  api.use(appRouter(services));
  app.use('/api/v1', api);
  app.use(noRoute);
  app.use(errorHandler(services.logger));
  return app;
}
