import { type MemberRequest, callAsMember, type LegacyAnswer } from '../legacy-context';
import { LegacyError } from '../legacy-error';
import { idParam, legacyList, legacyPaging, platformPage, type PlatformPage } from '../legacy-params';
import { legacyDate } from '../legacy-values';

export interface PlatformNotification {
  id: string;
  title?: string;
  body?: string;
  data?: Record<string, unknown> | null;
  createdAt?: string;
}

const notFound = () => new LegacyError('POST_NOT_FOUND', 'Invalid post ID.');

/** Platform payload ids that name what a notification is about, and the old app's post type of each. */
const LINKED: ReadonlyArray<[string, string]> = [
  ['eventId', 'event'],
  ['articleId', 'post'],
  ['documentId', 'document'],
];

/**
 * The old app's `link`: an imported notification keeps the site's own link in `data.link`; one sent
 * on the platform names its subject by id in `data` (`eventId`, …), given as a `post-type` link.
 */
function linkOf(data: Record<string, unknown>): unknown {
  const link = data['link'];
  if (typeof link === 'object' && link !== null && !Array.isArray(link) && typeof (link as { type?: unknown }).type === 'string') return link;
  for (const [field, type] of LINKED) {
    const id = data[field];
    if (typeof id === 'string' && id !== '') return { type, id, slug: null };
  }
  return null;
}

export function legacyNotification(notification: PlatformNotification): Record<string, unknown> {
  const data = notification.data ?? {};
  return {
    id: notification.id,
    title: notification.title ?? '',
    message: notification.body ?? '',
    date: legacyDate(notification.createdAt),
    type: typeof data['type'] === 'string' && data['type'] !== '' ? data['type'] : 'notification',
    link: linkOf(data),
  };
}

/** GET|POST /api/v1/notifications: the caller's inbox, newest first (page, per_page), or one entry (id). */
export async function notifications(ctx: MemberRequest): Promise<LegacyAnswer> {
  const base = '/api/notifications';
  const id = idParam(ctx.params, notFound());
  if (id) {
    const entry = await callAsMember<PlatformNotification>(ctx, {
      method: 'GET',
      path: `${base}/${id}`,
      errors: { 404: 'POST_NOT_FOUND', 400: 'POST_NOT_FOUND' },
    });
    return { body: legacyNotification(entry), successor: `${base}/${id}` };
  }
  const paging = legacyPaging(ctx.params);
  const page = await callAsMember<PlatformPage<PlatformNotification>>(ctx, { method: 'GET', path: base, query: platformPage(paging) });
  return { body: legacyList(page, paging, legacyNotification), successor: base };
}
