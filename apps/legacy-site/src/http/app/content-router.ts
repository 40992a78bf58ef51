import { Router } from 'express';
import { appArticle, appCompany, appNotification, appPage } from '../../domain/app-payloads';
import type { PostRow } from '../../domain/rows';
import type { PostQuery } from '../../store/posts-store';
import { callerOf, requireUser } from '../guards';
import { requestParams, siteContext, stringParam, type SiteServices } from '../services';
import { appPaging, appRoute } from './app-request';
import { listPosts, singlePost, visibleStatuses } from './visible-posts';

/** The site's published content: `/companies`, `/notifications`, `/pages` and `/posts` (articles), one or a page. */
export function contentRouter(services: SiteServices): Router {
  const router = Router();
  const user = requireUser(services);

  appRoute(router, '/companies', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const shape = async (rows: PostRow[]) => {
      const relations = await services.posts.relations(rows);
      return rows.map((row) => appCompany(row, relations, ctx));
    };
    const one = await singlePost(services, params, ['company'], caller);
    if (one) {
      res.json((await shape([one]))[0]);
      return;
    }
    await listPosts(
      services,
      {
        types: ['company'],
        statuses: visibleStatuses(caller),
        paging: appPaging(params),
        search: stringParam(params, 'search')?.trim() || undefined,
        order: 'menu',
      },
      res,
      shape,
    );
  });

  appRoute(router, '/notifications', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const one = await singlePost(services, params, ['notification'], caller);
    if (one) {
      res.json(appNotification(one, ctx));
      return;
    }
    await listPosts(services, { types: ['notification'], statuses: visibleStatuses(caller), paging: appPaging(params) }, res, async (rows) =>
      rows.map((row) => appNotification(row, ctx)),
    );
  });

  appRoute(router, '/pages', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const one = await singlePost(services, params, ['page'], caller);
    if (one) {
      res.json(appPage(one, await services.posts.relations([one]), ctx));
      return;
    }
    const query: PostQuery = { types: ['page'], statuses: visibleStatuses(caller), paging: appPaging(params), order: 'menu' };
    await listPosts(services, query, res, async (rows) => {
      const relations = await services.posts.relations(rows);
      return rows.map((row) => appPage(row, relations, ctx));
    });
  });

  appRoute(router, '/posts', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const one = await singlePost(services, params, ['post'], caller);
    if (one) {
      res.json(appArticle(one, await services.posts.relations([one]), ctx, true));
      return;
    }
    const category = stringParam(params, 'category')?.trim();
    const tag = stringParam(params, 'tag')?.trim();
    await listPosts(
      services,
      {
        types: ['post'],
        statuses: visibleStatuses(caller),
        paging: appPaging(params),
        search: stringParam(params, 'search')?.trim() || undefined,
        term: category ? { taxonomy: 'category', slug: category } : tag ? { taxonomy: 'post_tag', slug: tag } : undefined,
      },
      res,
      async (rows) => {
        const relations = await services.posts.relations(rows);
        return rows.map((row) => appArticle(row, relations, ctx, false));
      },
    );
  });

  return router;
}
