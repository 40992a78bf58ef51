import { Router, type RequestHandler, type Response } from 'express';
import {
  DOCUMENT_TYPES,
  FOLDER_TAXONOMY,
  ROLE_ADMIN,
  ROLE_MEMBER,
  isDocumentType,
} from '../domain/content-types';
import {
  appArticle,
  appCompany,
  appDocument,
  appEvent,
  appNotification,
  appPage,
  appUser,
} from '../domain/app-payloads';
import { toLocalMillis } from '../domain/dates';
import { LegacyError, LegacyErrorCode } from '../domain/errors';
import { parsePaging, syncPage, type Paging } from '../domain/paging';
import type { RecordObject } from '../domain/records';
import type { PostRow } from '../domain/rows';
import { excerptOrFallback } from '../domain/text';
import { hashToken, newSyncKey, randomToken } from '../domain/tokens';
import { parseMemberUpdate, SELF_EDITABLE_MEMBER_FIELDS } from '../domain/updates';
import { permalink } from '../domain/urls';
import type { PostQuery } from '../store/posts-store';
import { SETTING_SYNC_KEY } from '../store/settings-store';
import { assertWritable, callerOf, isAdmin, requireUser, type Caller } from './guards';
import { requestParams, siteContext, stringParam, type SiteServices } from './services';
import { present } from '../domain/present';

const APP_MAX_PER_PAGE = 100;
const APP_DEFAULT_PER_PAGE = 20;
const ENQUIRY_STATUSES = ['new', 'read', 'closed'];
const SEARCHABLE_TYPES = ['post', 'event', 'conference', 'document', 'policy', 'recall', 'company', 'page'];
const PLUGIN_VERSION = '1.2.0';

function appPaging(params: Record<string, unknown>): Paging {
  const paging = parsePaging(params['page'], params['per_page'] ?? String(APP_DEFAULT_PER_PAGE), APP_MAX_PER_PAGE);
  return paging;
}

function visibleStatuses(caller: Caller): string[] {
  return isAdmin(caller.user) ? ['publish', 'private'] : ['publish'];
}

function idParam(params: Record<string, unknown>): number | undefined {
  const raw = stringParam(params, 'id');
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw)) throw LegacyError.invalidParam('id', 'id is not of type integer.');
  return Number(raw);
}

function boolParam(params: Record<string, unknown>, name: string): boolean | undefined {
  const raw = params[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw === true || raw === 'true' || raw === '1' || raw === 1) return true;
  if (raw === false || raw === 'false' || raw === '0' || raw === 0) return false;
  throw LegacyError.invalidParam(name, `${name} is not of type boolean.`);
}

function notFound(): LegacyError {
  return new LegacyError(LegacyErrorCode.POST_NOT_FOUND, 'Invalid post ID.');
}

/** The mobile app's endpoints: each answers GET and POST alike (parameters from query or JSON body). */
export function appRouter(services: SiteServices): Router {
  const router = Router();
  const user = requireUser(services);
  const admin = requireUser(services, { admin: true });

  const route = (path: string, guard: RequestHandler, handler: RequestHandler) => {
    router.get(path, guard, handler);
    router.post(path, guard, handler);
  };

  /** A single visible post by `id` or `slug`, or undefined when neither is given. */
  async function single(params: Record<string, unknown>, types: readonly string[], caller: Caller): Promise<PostRow | undefined> {
    const id = idParam(params);
    const slug = stringParam(params, 'slug')?.trim();
    if (id === undefined && !slug) return undefined;
    const statuses = visibleStatuses(caller);
    const post = id !== undefined ? await services.posts.findById(id, types) : await services.posts.findBySlug(slug ?? '', types, statuses);
    if (!post || !statuses.includes(post.post_status)) throw notFound();
    return post;
  }

  async function listPosts(query: PostQuery, res: Response, shape: (rows: PostRow[]) => Promise<RecordObject[]>) {
    const { rows, total } = await services.posts.list(query);
    res.json(syncPage(await shape(rows), total, query.paging));
  }

  const eventsHandler =
    (type: 'event' | 'conference'): RequestHandler =>
    async (req, res) => {
      const caller = callerOf(res);
      const params = requestParams(req);
      const ctx = siteContext(services, req);
      const shape = async (rows: PostRow[]) => {
        const relations = await services.posts.relations(rows);
        const attending = type === 'event' ? await services.posts.attendingOf(caller.user.id, rows.map((r) => r.id)) : new Set<number>();
        return rows.map((row) => appEvent(row, relations, ctx, attending.has(row.id)));
      };
      const action = stringParam(params, 'action');
      if (req.method === 'POST' && action) {
        if (type !== 'event' || !['attend', 'unattend'].includes(action)) {
          throw LegacyError.invalidParam('action', 'action is not one of attend, unattend.');
        }
        const post = await single(params, ['event'], caller);
        if (!post) throw LegacyError.missingParam('id');
        await services.posts.setAttendance(post.id, caller.user.id, action === 'attend');
        const updated = present(await services.posts.findById(post.id, ['event']), 'the event just updated');
        res.json((await shape([updated]))[0]);
        return;
      }
      const one = await single(params, [type], caller);
      if (one) {
        res.json((await shape([one]))[0]);
        return;
      }
      const scope = stringParam(params, 'scope') ?? 'upcoming';
      if (!['upcoming', 'past', 'all'].includes(scope)) throw LegacyError.invalidParam('scope', 'scope is not one of upcoming, past, all.');
      const nowLocal = toLocalMillis(services.clock(), services.offsetMinutes);
      const key = `_${type}_date_time_start`;
      await listPosts(
        {
          types: [type],
          statuses: visibleStatuses(caller),
          paging: appPaging(params),
          search: stringParam(params, 'search')?.trim() || undefined,
          start:
            scope === 'upcoming'
              ? { key, fromMs: nowLocal }
              : scope === 'past'
                ? { key, beforeMs: nowLocal, descending: true }
                : { key, descending: true },
        },
        res,
        shape,
      );
    };
  route('/events', user, eventsHandler('event'));
  route('/conferences', user, eventsHandler('conference'));

  route('/members', user, async (req, res) => {
    const caller = callerOf(res);
    if (![ROLE_MEMBER, ROLE_ADMIN].includes(caller.user.role)) throw LegacyError.forbidden('The member directory is for members only.');
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const id = idParam(params);
    if (id !== undefined) {
      const member = await services.users.findById(id);
      const listed = member && [ROLE_MEMBER, ROLE_ADMIN].includes(member.role) && member.meta['is_exclude_listing'] !== '1';
      if (!member || (!listed && !isAdmin(caller.user))) throw new LegacyError(LegacyErrorCode.USER_NOT_FOUND, 'Invalid user ID.');
      res.json(appUser(member, ctx, false));
      return;
    }
    const paging = appPaging(params);
    const { rows, total } = await services.users.directory({
      paging,
      roles: [ROLE_MEMBER, ROLE_ADMIN],
      search: stringParam(params, 'search')?.trim() || undefined,
    });
    res.json(syncPage(rows.map((row) => appUser(row, ctx, false)), total, paging));
  });

  route('/documents', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const typeParam = stringParam(params, 'type') ?? 'all';
    if (typeParam !== 'all' && !isDocumentType(typeParam)) {
      throw LegacyError.invalidParam('type', `type is not one of all, ${DOCUMENT_TYPES.join(', ')}.`);
    }
    const types = typeParam === 'all' ? DOCUMENT_TYPES : [typeParam];
    const shape = async (rows: PostRow[]) => {
      const relations = await services.posts.relations(rows);
      return rows.map((row) => appDocument(row, relations, ctx));
    };
    const one = await single(params, types, caller);
    if (one) {
      res.json((await shape([one]))[0]);
      return;
    }
    const folderParam = stringParam(params, 'folder')?.trim();
    if (folderParam && typeParam === 'all') throw LegacyError.invalidParam('folder', 'folder needs a document type.');
    const taxonomies = types.map((t) => FOLDER_TAXONOMY[t]);
    const { rows, total } = await services.posts.list({
      types,
      statuses: visibleStatuses(caller),
      paging: appPaging(params),
      search: stringParam(params, 'search')?.trim() || undefined,
      term: folderParam
        ? { taxonomy: FOLDER_TAXONOMY[types[0] ?? 'document'], ...(/^\d+$/.test(folderParam) ? { id: Number(folderParam) } : { slug: folderParam }) }
        : undefined,
    });
    const folders = (await services.posts.terms(taxonomies)).map((t) => ({
      id: t.term_id,
      name: t.name,
      slug: t.slug,
      parent: t.parent ?? 0,
      taxonomy: t.taxonomy,
    }));
    res.json({ ...syncPage(await shape(rows), total, appPaging(params)), folders });
  });

  route('/companies', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const shape = async (rows: PostRow[]) => {
      const relations = await services.posts.relations(rows);
      return rows.map((row) => appCompany(row, relations, ctx));
    };
    const one = await single(params, ['company'], caller);
    if (one) {
      res.json((await shape([one]))[0]);
      return;
    }
    await listPosts(
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

  route('/notifications', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const one = await single(params, ['notification'], caller);
    if (one) {
      res.json(appNotification(one, ctx));
      return;
    }
    await listPosts(
      { types: ['notification'], statuses: visibleStatuses(caller), paging: appPaging(params) },
      res,
      async (rows) => rows.map((row) => appNotification(row, ctx)),
    );
  });

  route('/pages', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const one = await single(params, ['page'], caller);
    if (one) {
      res.json(appPage(one, await services.posts.relations([one]), ctx));
      return;
    }
    await listPosts({ types: ['page'], statuses: visibleStatuses(caller), paging: appPaging(params), order: 'menu' }, res, async (rows) => {
      const relations = await services.posts.relations(rows);
      return rows.map((row) => appPage(row, relations, ctx));
    });
  });

  route('/posts', user, async (req, res) => {
    const caller = callerOf(res);
    const params = requestParams(req);
    const ctx = siteContext(services, req);
    const one = await single(params, ['post'], caller);
    if (one) {
      res.json(appArticle(one, await services.posts.relations([one]), ctx, true));
      return;
    }
    const category = stringParam(params, 'category')?.trim();
    const tag = stringParam(params, 'tag')?.trim();
    await listPosts(
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

  route('/home', user, async (req, res) => {
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
    const attending = await services.posts.attendingOf(caller.user.id, events.rows.map((r) => r.id));
    res.json({
      user: { ...appUser(caller.user, ctx, false), role: caller.user.role },
      latest_posts: posts.rows.map((row) => appArticle(row, relations, ctx, false)),
      upcoming_events: events.rows.map((row) => appEvent(row, relations, ctx, attending.has(row.id))),
      notifications: notifications.rows.map((row) => appNotification(row, ctx)),
    });
  });

  route('/search', user, async (req, res) => {
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

  route('/contact', user, async (req, res) => {
    const caller = callerOf(res);
    if (req.method === 'GET') {
      res.json({
        site_name: services.siteName,
        email: 'office@association.example',
        phone: '(07) 3000 0000',
        address: '1 George St, Brisbane QLD 4000',
        subjects: ['General enquiry', 'Membership', 'Events', 'Technical support'],
      });
      return;
    }
    const params = requestParams(req);
    const subject = stringParam(params, 'subject')?.trim();
    const message = stringParam(params, 'message')?.trim();
    if (!subject || !message) throw LegacyError.missingParam(...[subject ? '' : 'subject', message ? '' : 'message'].filter(Boolean));
    if (message.length > 10_000) throw LegacyError.invalidParam('message', 'message is longer than 10000 characters.');
    const enquiry = await services.enquiries.create({
      user_id: caller.user.id,
      name: stringParam(params, 'name')?.trim() || caller.user.display_name,
      email: stringParam(params, 'email')?.trim() || caller.user.user_email,
      subject,
      message,
      created_at: services.clock(),
    });
    res.status(201).json({ id: enquiry.id, status: enquiry.status, message: 'Thank you, we will get back to you soon.' });
  });

  const profile = async (res: Response, caller: Caller, ctx: ReturnType<typeof siteContext>) => {
    const fresh = present(await services.users.findById(caller.user.id), 'the signed-in user');
    const devices = await services.sessions.devicesOf(fresh.id);
    res.json({ ...appUser(fresh, ctx, true), devices: devices.map((d) => ({ token: d.token, platform: d.platform })) });
  };

  route('/user', user, async (req, res) => {
    const caller = callerOf(res);
    const ctx = siteContext(services, req);
    if (req.method === 'POST') {
      const params = requestParams(req);
      const deviceToken = stringParam(params, 'device_token')?.trim();
      const fields = Object.fromEntries(
        Object.entries(params).filter(([k]) => (SELF_EDITABLE_MEMBER_FIELDS as readonly string[]).includes(k)),
      );
      const unknown = Object.keys(req.body ?? {}).filter(
        (k) => !(SELF_EDITABLE_MEMBER_FIELDS as readonly string[]).includes(k) && !['device_token', 'device_platform'].includes(k),
      );
      const [notEditable] = unknown;
      if (notEditable) throw LegacyError.invalidParam(notEditable, `${notEditable} cannot be changed here.`);
      if (Object.keys(fields).length) {
        await assertWritable(services);
        const update = parseMemberUpdate(fields, caller.user.id);
        await services.users.update(caller.user.id, update.fields, update.meta);
      }
      if (deviceToken) {
        const platform = (stringParam(params, 'device_platform') ?? 'android').toLowerCase();
        if (!['android', 'ios', 'web'].includes(platform)) throw LegacyError.invalidParam('device_platform', 'device_platform is not one of android, ios, web.');
        await services.sessions.subscribeDevice(caller.user.id, deviceToken, platform, services.clock());
        await services.sessions.setDevice(caller.sessionId, deviceToken);
      }
    }
    await profile(res, caller, ctx);
  });

  route('/enquiries', admin, async (req, res) => {
    const params = requestParams(req);
    const id = idParam(params);
    const status = stringParam(params, 'status');
    if (status !== undefined && !ENQUIRY_STATUSES.includes(status)) {
      throw LegacyError.invalidParam('status', `status is not one of ${ENQUIRY_STATUSES.join(', ')}.`);
    }
    if (req.method === 'POST' && id !== undefined) {
      if (!status) throw LegacyError.missingParam('status');
      const updated = await services.enquiries.setStatus(id, status);
      if (!updated) throw new LegacyError(LegacyErrorCode.POST_NOT_FOUND, 'Invalid enquiry ID.');
      res.json(updated);
      return;
    }
    const paging = appPaging(params);
    const { rows, total } = await services.enquiries.list(paging, status);
    res.json(syncPage(rows, total, paging));
  });

  route('/utilities', user, (req, res) => {
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

  route('/admin', admin, async (req, res) => {
    const params = requestParams(req);
    const action = req.method === 'POST' ? stringParam(params, 'action') : undefined;
    const extra: Record<string, unknown> = {};
    switch (action) {
      case undefined:
        break;
      case 'generate_sync_key': {
        const key = newSyncKey();
        await services.settings.set(SETTING_SYNC_KEY, key);
        extra['sync_key'] = key;
        break;
      }
      case 'delete_sync_key':
        await services.settings.remove(SETTING_SYNC_KEY);
        break;
      case 'set_read_only': {
        const on = boolParam(params, 'read_only');
        if (on === undefined) throw LegacyError.missingParam('read_only');
        await services.settings.setReadOnly(on);
        break;
      }
      case 'create_login_link': {
        const userId = idParam({ id: params['user_id'] });
        if (userId === undefined) throw LegacyError.missingParam('user_id');
        if (!(await services.users.findById(userId))) throw new LegacyError(LegacyErrorCode.USER_NOT_FOUND, 'Invalid user ID.');
        const key = randomToken(24);
        const expires = new Date(services.clock().getTime() + 7 * 86_400_000);
        await services.sessions.createDeeplinkKey(hashToken(key), userId, expires);
        extra['login_link'] = { key, expires: expires.toISOString(), url: `${siteContext(services, req).siteUrl}/app/login?key=${key}` };
        break;
      }
      default:
        throw LegacyError.invalidParam('action', 'action is not one of generate_sync_key, delete_sync_key, set_read_only, create_login_link.');
    }
    const syncKey = await services.settings.syncKey();
    res.json({
      plugin_version: PLUGIN_VERSION,
      read_only: await services.settings.readOnly(),
      sync_key_generated: syncKey !== undefined,
      sync_key_hint: syncKey ? `…${syncKey.slice(-4)}` : null,
      users: await services.users.countByRole(),
      posts: await services.posts.countByType(),
      devices: await services.sessions.countDevices(),
      ...extra,
    });
  });

  return router;
}
