import { parseUtcOffset } from '../domain/dates';
import { articles } from './generate/articles';
import { companies } from './generate/companies';
import { documents } from './generate/documents';
import { eventLike } from './generate/events';
import { members } from './generate/members';
import { notifications } from './generate/notifications';
import { pages } from './generate/pages';
import { PostStream } from './generate/post-stream';
import { buildTerms } from './generate/terms';
import type { SeedDeeplinkKey, SeedPost, SeedUser, SiteData } from './site-data';

export { slugify } from './generate/slugs';

export interface SeedSizes {
  members: number;
  articles: number;
  events: number;
  conferences: number;
  documents: number;
  companies: number;
  notifications: number;
  pages: number;
}

export const SEED_PRESETS: Record<'tiny' | 'small' | 'demo' | 'load', SeedSizes> = {
  tiny: { members: 12, articles: 8, events: 6, conferences: 2, documents: 10, companies: 4, notifications: 8, pages: 4 },
  small: { members: 60, articles: 40, events: 16, conferences: 4, documents: 30, companies: 12, notifications: 16, pages: 8 },
  demo: { members: 2000, articles: 500, events: 80, conferences: 8, documents: 150, companies: 60, notifications: 60, pages: 8 },
  load: { members: 100_000, articles: 20_000, events: 1000, conferences: 50, documents: 2000, companies: 500, notifications: 500, pages: 8 },
};

export interface GenerateOptions {
  seed: number;
  sizes: SeedSizes;
  /** The site's UTC offset (`+10:00`): event times are local wall-clock milliseconds. */
  timezone: string;
  /** Password of every generated member (one bcrypt hash for all). */
  memberPassword?: string;
  /** Password of user 1, `admin`. */
  adminPassword?: string;
  /** Dates are spread around this instant, not the clock, so runs are identical. */
  reference?: Date;
}

export const DEFAULT_REFERENCE = new Date(Date.UTC(2026, 0, 1));
export const DEFAULT_MEMBER_PASSWORD = 'password';
export const DEFAULT_ADMIN_PASSWORD = 'admin';

/**
 * A whole association site from a seed: the same seed and sizes give the same rows on every run.
 * Users and posts are produced lazily, so 100,000 members never sit in memory at once. Each entity
 * type draws from its own random stream, so changing one size leaves the other types as they were.
 * The steps are in `generate/`, one per entity type; posts are generated in the order below.
 *
 * Awkward cases on purpose: members without any meta, duplicate emails differing only in case,
 * accents, apostrophes and emoji in names and titles, HTML entities, empty excerpts, missing event
 * meta, all statuses (trash and private included), very long content, documents without a folder,
 * without file meta or whose file is gone (404), and notifications of every link type.
 */
export function generateSite(options: GenerateOptions): SiteData & { sizes: SeedSizes } {
  const sizes = options.sizes;
  const offsetMs = parseUtcOffset(options.timezone) * 60_000;
  const reference = (options.reference ?? DEFAULT_REFERENCE).getTime();
  const { terms, categories, tags, folders } = buildTerms();
  const userCount = Math.max(1, sizes.members);
  const authorIds = Array.from({ length: Math.min(3, userCount) }, (_, i) => i + 1);
  const deeplinkKeys: SeedDeeplinkKey[] = [];

  const users = (): Generator<SeedUser> =>
    members({
      seed: options.seed,
      reference,
      count: userCount,
      memberPassword: options.memberPassword ?? DEFAULT_MEMBER_PASSWORD,
      adminPassword: options.adminPassword ?? DEFAULT_ADMIN_PASSWORD,
      deeplinkKeys,
    });

  function* posts(): Generator<SeedPost> {
    const stream = new PostStream(options.seed, reference, offsetMs, authorIds);
    // Pages first: notifications link to them by slug, and to the posts generated before them.
    yield* pages(stream, sizes.pages);
    yield* articles(stream, sizes.articles, categories, tags);
    yield* eventLike(stream, 'event', sizes.events);
    yield* eventLike(stream, 'conference', sizes.conferences);
    yield* documents(stream, sizes.documents, folders);
    yield* companies(stream, sizes.companies);
    yield* notifications(stream, sizes.notifications);
  }

  return {
    timezone: options.timezone,
    sizes,
    users: { [Symbol.iterator]: users },
    terms,
    posts: { [Symbol.iterator]: posts },
    // Filled while users are generated: read it after the users have been loaded.
    get deeplink_keys() {
      return deeplinkKeys;
    },
  };
}
