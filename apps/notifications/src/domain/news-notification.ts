import type { contentEventsV1 } from '@platform/proto';
import { MAX_BODY_LENGTH, MAX_TITLE_LENGTH } from './push-message';

/** The sender of an announcement whose publisher is unknown (the platform itself). */
export const PLATFORM_SENDER = '00000000-0000-0000-0000-000000000000';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The push and inbox entry announcing a published article to the organisation's members:
 * `data.type` NEWS with the article id; a members-only article is marked so GUESTs never get it.
 */
export function newsNotification(event: contentEventsV1.ArticlePublished) {
  return {
    organizationId: event.organizationId,
    title: event.title.slice(0, MAX_TITLE_LENGTH),
    body: event.excerpt.slice(0, MAX_BODY_LENGTH),
    targetType: 'ALL_MEMBERS',
    targetUserId: null,
    targetRole: null,
    data: { type: 'NEWS', articleId: event.articleId, membersOnly: event.membersOnly },
    membersOnly: event.membersOnly,
    senderId: UUID.test(event.publishedBy) ? event.publishedBy : PLATFORM_SENDER,
  };
}
