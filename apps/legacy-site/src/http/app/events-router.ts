import { Router, type RequestHandler } from 'express';
import { appEvent } from '../../domain/app-payloads';
import { toLocalMillis } from '../../domain/dates';
import { LegacyError } from '../../domain/errors';
import { present } from '../../domain/present';
import type { PostRow } from '../../domain/rows';
import { callerOf, requireUser } from '../guards';
import { requestParams, siteContext, stringParam, type SiteServices } from '../services';
import { appPaging, appRoute } from './app-request';
import { listPosts, singlePost, visibleStatuses } from './visible-posts';

/** `/events` and `/conferences`: one by id or slug, or upcoming, past or all; POST attends an event. */
export function eventsRouter(services: SiteServices): Router {
  const router = Router();
  const user = requireUser(services);

  const eventsHandler =
    (type: 'event' | 'conference'): RequestHandler =>
    async (req, res) => {
      const caller = callerOf(res);
      const params = requestParams(req);
      const ctx = siteContext(services, req);
      const shape = async (rows: PostRow[]) => {
        const relations = await services.posts.relations(rows);
        const attending =
          type === 'event'
            ? await services.posts.attendingOf(
                caller.user.id,
                rows.map((r) => r.id),
              )
            : new Set<number>();
        return rows.map((row) => appEvent(row, relations, ctx, attending.has(row.id)));
      };
      const action = stringParam(params, 'action');
      if (req.method === 'POST' && action) {
        if (type !== 'event' || !['attend', 'unattend'].includes(action)) {
          throw LegacyError.invalidParam('action', 'action is not one of attend, unattend.');
        }
        const post = await singlePost(services, params, ['event'], caller);
        if (!post) throw LegacyError.missingParam('id');
        await services.posts.setAttendance(post.id, caller.user.id, action === 'attend');
        const updated = present(await services.posts.findById(post.id, ['event']), 'the event just updated');
        res.json((await shape([updated]))[0]);
        return;
      }
      const one = await singlePost(services, params, [type], caller);
      if (one) {
        res.json((await shape([one]))[0]);
        return;
      }
      const scope = stringParam(params, 'scope') ?? 'upcoming';
      if (!['upcoming', 'past', 'all'].includes(scope)) throw LegacyError.invalidParam('scope', 'scope is not one of upcoming, past, all.');
      const nowLocal = toLocalMillis(services.clock(), services.offsetMinutes);
      const key = `_${type}_date_time_start`;
      await listPosts(
        services,
        {
          types: [type],
          statuses: visibleStatuses(caller),
          paging: appPaging(params),
          search: stringParam(params, 'search')?.trim() || undefined,
          start:
            scope === 'upcoming' ? { key, fromMs: nowLocal } : scope === 'past' ? { key, beforeMs: nowLocal, descending: true } : { key, descending: true },
        },
        res,
        shape,
      );
    };
  appRoute(router, '/events', user, eventsHandler('event'));
  appRoute(router, '/conferences', user, eventsHandler('conference'));
  return router;
}
