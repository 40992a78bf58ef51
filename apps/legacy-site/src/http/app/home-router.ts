import { Router } from 'express';
import { appArticle, appEvent, appNotification, appUser } from '../../domain/app-payloads';
import { toLocalMillis } from '../../domain/dates';
import type { Paging } from '../../domain/paging';
import { callerOf, requireUser } from '../guards';
import { siteContext, type SiteServices } from '../services';
import { appRoute } from './app-request';
import { visibleStatuses } from './visible-posts';

/** `/home`: the app's home screen in one call (the user, latest posts, upcoming events, notifications). */
export function homeRouter(services: SiteServices): Router {
  const router = Router();
  appRoute(router, '/home', requireUser(services), async (req, res) => {
    const caller = callerOf(res);
    const ctx = siteContext(services, req);
    const statuses = visibleStatuses(caller);
    const first = (perPage: number): Paging => ({ page: 1, perPage, offset: 0 });
    const nowLocal = toLocalMillis(services.clock(), services.offsetMinutes);
    const [posts, events, notifications] = await Promise.all([
      services.posts.list({ types: ['post'], statuses, paging: first(5) }),
      services.posts.list({ types: ['event'], statuses, paging: first(5), start: { key: '_event_date_time_start', fromMs: nowLocal } }),
      services.posts.list({ types: ['notification'], statuses, paging: first(5) }),
    ]);
    const relations = await services.posts.relations([...posts.rows, ...events.rows]);
    const attending = await services.posts.attendingOf(
      caller.user.id,
      events.rows.map((r) => r.id),
    );
    res.json({
      user: { ...appUser(caller.user, ctx, false), role: caller.user.role },
      latest_posts: posts.rows.map((row) => appArticle(row, relations, ctx, false)),
      upcoming_events: events.rows.map((row) => appEvent(row, relations, ctx, attending.has(row.id))),
      notifications: notifications.rows.map((row) => appNotification(row, ctx)),
    });
  });
  return router;
}
