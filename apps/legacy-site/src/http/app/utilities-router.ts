import { Router } from 'express';
import { DOCUMENT_TYPES } from '../../domain/content-types';
import { PLUGIN_VERSION } from '../../domain/plugin';
import { requireUser } from '../guards';
import { siteContext, type SiteServices } from '../services';
import { appRoute } from './app-request';

/** `/utilities`: what the app needs to know about the site (name, links, versions, time zone). */
export function utilitiesRouter(services: SiteServices): Router {
  const router = Router();
  appRoute(router, '/utilities', requireUser(services), (req, res) => {
    const ctx = siteContext(services, req);
    res.json({
      site_name: services.siteName,
      site_url: ctx.siteUrl,
      api_version: 'v1',
      plugin_version: PLUGIN_VERSION,
      timezone: services.timezone,
      server_time: services.clock().toISOString(),
      min_app_version: '3.0.0',
      document_types: DOCUMENT_TYPES,
      links: {
        privacy: `${ctx.siteUrl}/privacy-policy/`,
        terms: `${ctx.siteUrl}/terms-and-conditions/`,
        website: `${ctx.siteUrl}/`,
      },
    });
  });
  return router;
}
