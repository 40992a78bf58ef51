/** Article states (spec section 3 "Article"). */
export const ARTICLE_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const isArticleStatus = (value: string): value is ArticleStatus => (ARTICLE_STATUSES as readonly string[]).includes(value);

/** Whether content.article.published is still owed (PENDING), was written (SENT), or never will be (NONE: imported). */
export type Announcement = 'NONE' | 'PENDING' | 'SENT';

export interface ArticleState {
  status: ArticleStatus;
  scheduledAt: Date | null;
  publishedAt: Date | null;
  announcement: Announcement;
}

export type ArticleAction = 'publish' | 'archive' | 'unarchive';

/** The state after an action, and whether the event is to be written now. */
export interface ArticleTransition {
  next: ArticleState;
  /** content.article.published goes into the outbox in this transaction. */
  announceNow: boolean;
}

export type TransitionRefusal = { refused: string };

/**
 * The state table:
 * | state     | action    | condition                          | next      | effect |
 * | DRAFT     | publish   | no scheduledAt, or one already past | PUBLISHED | visible now; announced now |
 * | DRAFT     | publish   | scheduledAt in the future          | PUBLISHED | visible from scheduledAt; announced then by the job |
 * | DRAFT     | archive   |                                    | ARCHIVED  | |
 * | PUBLISHED | archive   |                                    | ARCHIVED  | hidden; a pending announcement is kept for unarchive |
 * | ARCHIVED  | unarchive | it had been published              | PUBLISHED | visible again (from publishedAt) |
 * | ARCHIVED  | unarchive | never published                    | DRAFT     | |
 * Anything else is refused (409). Delete (soft) is allowed in every state.
 */
export function transition(state: ArticleState, action: ArticleAction, now: Date): ArticleTransition | TransitionRefusal {
  switch (action) {
    case 'publish': {
      if (state.status !== 'DRAFT') return { refused: `Only a DRAFT article can be published; this one is ${state.status}` };
      const later = state.scheduledAt !== null && state.scheduledAt.getTime() > now.getTime();
      const publishedAt = later && state.scheduledAt ? state.scheduledAt : now;
      return { next: { ...state, status: 'PUBLISHED', publishedAt, announcement: later ? 'PENDING' : 'SENT' }, announceNow: !later };
    }
    case 'archive':
      if (state.status === 'ARCHIVED') return { refused: 'The article is already ARCHIVED' };
      return { next: { ...state, status: 'ARCHIVED' }, announceNow: false };
    case 'unarchive':
      if (state.status !== 'ARCHIVED') return { refused: `Only an ARCHIVED article can be unarchived; this one is ${state.status}` };
      return { next: { ...state, status: state.publishedAt ? 'PUBLISHED' : 'DRAFT' }, announceNow: false };
    default: {
      const unreachable: never = action;
      throw new Error(`unknown action ${String(unreachable)}`);
    }
  }
}

export const isRefusal = <T extends object>(result: T | TransitionRefusal): result is TransitionRefusal => 'refused' in result;

/** Visible to members: PUBLISHED and its time has come. */
export function isVisible(state: Pick<ArticleState, 'status' | 'publishedAt'>, now: Date): boolean {
  return state.status === 'PUBLISHED' && state.publishedAt !== null && state.publishedAt.getTime() <= now.getTime();
}

/**
 * A new scheduledAt on update: allowed on a DRAFT, and on a PUBLISHED article not yet visible (its
 * publication moves with it; past or cleared makes it visible now and the job announces it). Refused
 * once the article is visible or archived.
 */
export function reschedule(state: ArticleState, scheduledAt: Date | null, now: Date): ArticleState | TransitionRefusal {
  if (state.status === 'DRAFT') return { ...state, scheduledAt };
  if (state.status === 'PUBLISHED' && !isVisible(state, now)) {
    const publishedAt = scheduledAt && scheduledAt.getTime() > now.getTime() ? scheduledAt : now;
    return { ...state, scheduledAt, publishedAt };
  }
  return { refused: `scheduledAt cannot change once the article is ${state.status === 'ARCHIVED' ? 'ARCHIVED' : 'visible'}` };
}
