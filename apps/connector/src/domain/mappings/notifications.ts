import { decodeHTMLStrict } from 'entities';
import type { notificationsV1 } from '@platform/proto';
import { fieldReader, type SourceRecord } from './field-mappings';
import { failed, skip, upsert, type Mapped } from './mapped';
import { externalIdOf, gmtDate, text } from './values';

/** The link of a notification by its `_notification_type` (spec 2 Notification row); null when it has none. */
export function notificationLink(record: SourceRecord): Record<string, unknown> | null {
  const type = text(record['_notification_type']);
  switch (type) {
    case 'post-type': {
      const id = record['_notification_link_post_id'];
      return {
        type: text(record['_notification_link_post_type']),
        id: typeof id === 'number' ? id : text(id),
        slug: text(record['_notification_link_post_slug']),
      };
    }
    case 'external-link':
      return { type, url: text(record['_notification_link_url']) };
    case 'website-page':
      return { type, slug: text(record['_notification_link_page']) };
    default:
      // `notification` (a plain message) and anything the spec does not name.
      return null;
  }
}

/**
 * A post of `/sync/notifications` → notifications' ImportedNotification (spec 2 Notification row):
 * post_title title and post_excerpt body with their HTML character references decoded (`entities`, strict:
 * only references closed by `;`, as the CMS writes them; unknown names stay), the post's date (its UTC
 * `post_date_gmt`, the instant `post_date` shows in the site's zone) as when it was sent,
 * `{type, link}` as data. Only published notifications were sent: any other status is a SKIP.
 */
export function mapNotification(record: SourceRecord, mappings: Readonly<Record<string, string>>): Mapped<notificationsV1.ImportedNotification> {
  const externalId = externalIdOf(record);
  if (!externalId) return failed('', 'the record has no id');
  const status = text(record['post_status']);
  if (status !== 'publish') return skip(externalId, `not imported: a ${status || 'unpublished'} notification was never sent`);
  const read = fieldReader(record, 'NOTIFICATIONS', mappings);
  return upsert(externalId, {
    externalId,
    title: decodeHTMLStrict(text(read('title', 'post_title'))).trim(),
    body: decodeHTMLStrict(text(read('body', 'post_excerpt'))).trim(),
    sentAt: gmtDate(record['post_date_gmt']),
    data: { type: text(record['_notification_type']) || 'notification', link: notificationLink(record) },
  });
}
