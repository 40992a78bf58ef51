import { Router } from 'express';
import { LegacyError } from '../../domain/errors';
import { syncPage } from '../../domain/paging';
import { excerptOrFallback } from '../../domain/text';
import { permalink } from '../../domain/urls';
import { callerOf, requireUser } from '../guards';
import { requestParams, siteContext, stringParam, type SiteServices } from '../services';
import { appPaging, appRoute } from './app-request';
import { visibleStatuses } from './visible-posts';

const SEARCHABLE_TYPES = ['post', 'event', 'conference', 'document', 'policy', 'recall', 'company', 'page'];

/** `/search`: visible content of every searchable type (or one), as short results with links. */
export function searchRouter(services: SiteServices): Router {
  const router = Router();
  appRoute(router, '/search', requireUser(services), async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const query = (stringParam(params, 'q') ?? stringParam(params, 'search'))?.trim();
    if (!query) throw LegacyError.missingParam('q');
    const typeParam = stringParam(params, 'type');
    if (typeParam && !SEARCHABLE_TYPES.includes(typeParam)) {
      throw LegacyError.invalidParam('type', `type is not one of ${SEARCHABLE_TYPES.join(', ')}.`);
    }
    const paging = appPaging(params);
    const { rows, total } = await services.posts.list({
      types: typeParam ? [typeParam] : SEARCHABLE_TYPES,
      statuses: visibleStatuses(caller),
      paging,
      search: query,
    });
    res.json({
      query,
      ...syncPage(
        rows.map((row) => ({
          id: row.id,
          type: row.post_type,
          title: row.post_title,
          excerpt: excerptOrFallback(row.post_excerpt, row.post_content),
          link: permalink(ctx.siteUrl, row.post_type, row.post_name),
        })),
        total,
        paging,
      ),
    });
  });
  return router;
}
