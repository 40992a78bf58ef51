import { Router } from 'express';
import { isSyncPostEntity, SYNC_POST_ENTITIES } from '../domain/content-types';
import { LegacyError, LegacyErrorCode } from '../domain/errors';
import { parsePaging, syncPage } from '../domain/paging';
import { memberRecord, postRecord } from '../domain/records';
import { parseSince } from '../domain/since';
import { parseEventUpdate, parseMemberUpdate } from '../domain/updates';
import { assertWritable, requireSyncKey } from './guards';
import { siteContext, type SiteServices } from './services';
import { PLUGIN_VERSION } from '../domain/plugin';
import { present } from '../domain/present';

function pathId(raw: string | string[] | undefined, code: LegacyErrorCode, what: string): number {
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (!text || !/^\d{1,15}$/.test(text)) throw new LegacyError(code, `Invalid ${what} ID.`);
  return Number(text);
}

/** Whether two addresses are the same mailbox as the CMS compares them (ignoring case). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The connector's API: ping, the seven pulls and the two write-backs. */
export function syncRouter(services: SiteServices): Router {
  const router = Router();

  // No key needed; answers only while the database does, so it doubles as the readiness probe.
  router.get('/sync/ping', async (_req, res) => {
    if (!(await services.settings.reachable())) {
      throw new LegacyError(LegacyErrorCode.UNAVAILABLE, 'The site cannot reach its database.');
    }
    res.json({ status: 'ok', plugin_version: PLUGIN_VERSION, time: services.clock().toISOString() });
  });

  // The key is checked on the registered routes only: anything else stays a plain 404.
  const key = requireSyncKey(services);

  router.get('/sync/members', key, async (req, res) => {
    const paging = parsePaging(req.query['page'], req.query['per_page']);
    const since = parseSince(req.query['since']);
    const { rows, total } = await services.users.page(paging, since);
    res.json(syncPage(rows.map(memberRecord), total, paging));
  });

  router.get(
    '/sync/:entity',
    (req, _res, next) => next(isSyncPostEntity(String(req.params['entity'])) ? undefined : 'route'),
    key,
    async (req, res) => {
      const entity = String(req.params['entity']) as keyof typeof SYNC_POST_ENTITIES;
      const paging = parsePaging(req.query['page'], req.query['per_page']);
      const since = parseSince(req.query['since']);
      const { rows, total } = await services.posts.page(SYNC_POST_ENTITIES[entity], paging, since);
      const relations = await services.posts.relations(rows);
      const ctx = siteContext(services, req);
      res.json(
        syncPage(
          rows.map((row) => postRecord(row, relations, ctx)),
          total,
          paging,
        ),
      );
    },
  );

  router.put('/sync/members/:id', key, async (req, res) => {
    await assertWritable(services);
    const id = pathId(req.params['id'], LegacyErrorCode.USER_NOT_FOUND, 'user');
    const current = await services.users.findById(id);
    if (!current) throw new LegacyError(LegacyErrorCode.USER_NOT_FOUND, 'Invalid user ID.');
    const update = parseMemberUpdate(req.body, id);
    // Only a new address must be free: writing back the member's own (in any case) is not taking
    // another member's, even when a duplicate differing in case exists (the CMS allows those).
    const email = update.fields['user_email'];
    if (email !== undefined && !sameEmail(email, current.user_email) && (await services.users.emailTaken(email, id))) {
      throw new LegacyError(LegacyErrorCode.EXISTING_EMAIL, 'Sorry, that email address is already used!');
    }
    await services.users.update(id, update.fields, update.meta);
    res.json(memberRecord(present(await services.users.findById(id), 'the member just updated')));
  });

  router.put('/sync/events/:id', key, async (req, res) => {
    await assertWritable(services);
    const id = pathId(req.params['id'], LegacyErrorCode.POST_NOT_FOUND, 'post');
    if (!(await services.posts.findById(id, ['event']))) throw new LegacyError(LegacyErrorCode.POST_NOT_FOUND, 'Invalid post ID.');
    const update = parseEventUpdate(req.body, id);
    await services.posts.update(id, ['event'], update.fields, update.meta);
    const post = present(await services.posts.findById(id, ['event']), 'the event just updated');
    res.json(postRecord(post, await services.posts.relations([post]), siteContext(services, req)));
  });

  return router;
}
