import { Router } from 'express';
import { contentRouter } from './app/content-router';
import { documentsRouter } from './app/documents-router';
import { enquiriesRouter } from './app/enquiries-router';
import { eventsRouter } from './app/events-router';
import { homeRouter } from './app/home-router';
import { membersRouter } from './app/members-router';
import { pluginAdminRouter } from './app/plugin-admin-router';
import { profileRouter } from './app/profile-router';
import { searchRouter } from './app/search-router';
import { utilitiesRouter } from './app/utilities-router';
import type { SiteServices } from './services';

/**
 * The mobile app's endpoints, one router per resource family (in `app/`). Each answers GET and POST
 * alike, with parameters from the query or the JSON body (`app/app-request.ts`).
 */
export function appRouter(services: SiteServices): Router {
  const router = Router();
  router.use(eventsRouter(services));
  router.use(membersRouter(services));
  router.use(documentsRouter(services));
  router.use(contentRouter(services));
  router.use(homeRouter(services));
  router.use(searchRouter(services));
  router.use(enquiriesRouter(services));
  router.use(profileRouter(services));
  router.use(utilitiesRouter(services));
  router.use(pluginAdminRouter(services));
  return router;
}
