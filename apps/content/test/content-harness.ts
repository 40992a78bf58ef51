import { randomUUID } from 'node:crypto';
import { contentV1 } from '@platform/proto';
import { startServiceHarness } from '@platform/testing';
import { startContent } from '../src/main';

/** The content service in-process on its own schema and stream; the announcement job runs every 200 ms unless `env` says otherwise. */
export const startContentHarness = (label: string, env: NodeJS.ProcessEnv = {}) =>
  startServiceHarness({
    app: 'content',
    label,
    start: startContent,
    client: contentV1.ContentServiceClient,
    env: { CONTENT_ANNOUNCE_INTERVAL_MS: '200', ...env },
  });

export type ContentHarness = Awaited<ReturnType<typeof startContentHarness>>;

/** An organisation with an admin, a member and a guest token (the service trusts the token's role). */
export function organisation(h: ContentHarness) {
  const id = randomUUID();
  return { id, admin: h.tokens.org(id, 'ADMIN'), member: h.tokens.org(id, 'MEMBER'), guest: h.tokens.org(id, 'GUEST') };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds (true), every 100 ms, at most `tries` times. */
export async function eventually(check: () => Promise<boolean>, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

export const article = (overrides: Partial<contentV1.CreateArticleRequest> & { organizationId: string }): contentV1.CreateArticleRequest => ({
  title: 'Annual meeting',
  content: '<p>The meeting is on Friday.</p>',
  excerpt: '',
  coverImageUrl: '',
  membersOnly: false,
  tags: [],
  slug: '',
  category: '',
  authorName: '',
  authorEmail: '',
  featuredImageUrl: '',
  ...overrides,
});
