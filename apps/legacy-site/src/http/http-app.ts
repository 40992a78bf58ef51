import express, { type Express } from 'express';
import { appRouter } from './app-router';
import { authRouter } from './auth-router';
import { errorHandler, noRoute } from './errors';
import type { SiteServices } from './services';
import { syncRouter } from './sync-router';
import { uploadsRouter } from './uploads-router';

/** The site's HTTP surface: the plugin's API under /api/v1, the uploads folder, and 404 for the rest. */
export function createHttpApp(services: SiteServices): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(uploadsRouter());
  const api = express.Router();
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
