import { generateSite, SEED_PRESETS, slugify } from './generator';
import { Prng, seedOf } from './prng';

const sizes = { ...SEED_PRESETS.small, members: 1200 };

describe('seeded generator', () => {
  it('draws the same numbers from the same seed', () => {
    const a = new Prng(seedOf(1, 'x'));
    const b = new Prng(seedOf(1, 'x'));
    const c = new Prng(seedOf(2, 'x'));
    const draws = (p: Prng) => Array.from({ length: 5 }, () => p.next());
    const first = draws(a);
    expect(draws(b)).toEqual(first);
    expect(draws(c)).not.toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('makes the same site from the same seed and sizes', () => {
    const one = generateSite({ seed: 7, sizes, timezone: '+10:00' });
    const two = generateSite({ seed: 7, sizes, timezone: '+10:00' });
    expect([...two.users]).toEqual([...one.users]);
    expect([...two.posts]).toEqual([...one.posts]);
  });

  it('keeps members the same when only the article count changes', () => {
    const one = [...generateSite({ seed: 7, sizes, timezone: '+10:00' }).users];
    const two = [...generateSite({ seed: 7, sizes: { ...sizes, articles: 3 }, timezone: '+10:00' }).users];
    expect(two).toEqual(one);
  });

  it('includes the awkward cases', () => {
    const site = generateSite({ seed: 1, sizes, timezone: '+10:00' });
    const users = [...site.users];
    const posts = [...site.posts];
    const emails = users.map((u) => u.user_email.toLowerCase());
    expect(emails.length - new Set(emails).size).toBeGreaterThan(0);
    expect(users.some((u) => Object.keys(u.meta).length === 0)).toBe(true);
    expect(users.map((u) => u.role)).toEqual(expect.arrayContaining(['administrator', 'association-member', 'pending-review', 'subscriber']));
    const articles = posts.filter((p) => p.post_type === 'post');
    expect(articles.some((p) => p.post_excerpt === '')).toBe(true);
    expect(articles.some((p) => /&[#a-z0-9]+;/.test(p.post_title))).toBe(true);
    expect(articles.some((p) => /\p{Extended_Pictographic}/u.test(p.post_title))).toBe(true);
    expect(new Set(posts.map((p) => p.post_status))).toEqual(new Set(['publish', 'draft', 'private', 'trash', 'inherit']));
    expect(articles.some((p) => (p.post_content ?? '').length >= 150_000)).toBe(true);
    const blockMarkup = articles.filter((p) => (p.post_content ?? '').startsWith('<!-- wp:'));
    expect(blockMarkup.length / articles.length).toBeGreaterThan(0.5);
    expect(articles.some((p) => p.post_content !== '' && !(p.post_content ?? '').includes('<!-- wp:'))).toBe(true);
    expect(blockMarkup.some((p) => (p.post_content ?? '').includes('<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->'))).toBe(true);
    expect(blockMarkup.some((p) => (p.post_content ?? '').includes('<!-- wp:list-item -->'))).toBe(true);
    const events = posts.filter((p) => p.post_type === 'event');
    expect(events.some((p) => p.meta?.['_event_date_time_end'] === undefined)).toBe(true);
    const documents = posts.filter((p) => ['document', 'policy', 'recall'].includes(p.post_type));
    expect(new Set(documents.map((p) => p.post_type))).toEqual(new Set(['document', 'policy', 'recall']));
    expect(documents.some((p) => (p.terms ?? []).length === 0)).toBe(true);
    expect(documents.some((p) => Object.values(p.meta ?? {}).some((v) => v.includes('/missing/')))).toBe(true);
    const linkTypes = posts.filter((p) => p.post_type === 'notification').map((p) => p.meta?.['_notification_type']);
    expect(new Set(linkTypes)).toEqual(new Set(['post-type', 'external-link', 'website-page', 'notification']));
    expect(site.deeplink_keys).not.toHaveLength(0);
  });

  it('gives unique slugs per type and ids that never repeat', () => {
    const posts = [...generateSite({ seed: 3, sizes, timezone: '+10:00' }).posts];
    expect(new Set(posts.map((p) => p.id)).size).toBe(posts.length);
    const keys = posts.map((p) => `${p.post_type}/${p.post_name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('slugifies like the CMS', () => {
    expect(slugify('Q&amp;A with our President 🎉')).toBe('q-a-with-our-president');
    expect(slugify('Zoë Ó Súilleabháin')).toBe('zoe-o-suilleabhain');
    expect(slugify('🎉')).toBe('untitled');
  });
});
