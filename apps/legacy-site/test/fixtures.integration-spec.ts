import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pullAll, startTestSite, type TestSite } from './support/harness';
import { mapArticle, mapCompany, mapDocument, mapEvent, mapMember, mapNotification } from './support/reference-mapping';

const OFFSET = 600;
const expectedFile = path.join(__dirname, '../fixtures/expected-platform-values.json');
const fixturesFile = path.join(__dirname, '../fixtures/site.json');

describe('fixtures and their expected platform values', () => {
  let t: TestSite;
  let expected: Record<string, any>;
  beforeAll(async () => {
    t = await startTestSite({ seed: { kind: 'fixtures' } });
    expected = JSON.parse(readFileSync(expectedFile, 'utf8').replaceAll('{siteUrl}', t.url));
  });
  afterAll(async () => {
    await t.stop();
  });

  const strip = (items: any[]) => items.map(({ _note, ...rest }) => rest);

  it('members map to the hand-written values', async () => {
    expect((await pullAll(t, 'members')).map(mapMember)).toEqual(expected['members']);
  });

  it('articles map to the hand-written values', async () => {
    expect((await pullAll(t, 'articles')).map(mapArticle)).toEqual(expected['articles']);
  });

  it('serves post_content raw, block markup included, as the fixtures store it', async () => {
    const stored = JSON.parse(readFileSync(fixturesFile, 'utf8')).posts.filter((p: any) => p.post_type === 'post');
    const served = await pullAll(t, 'articles');
    expect(served.map((r) => [r.id, r.post_content])).toEqual(stored.map((p: any) => [p.id, p.post_content]));
    expect(served.filter((r) => r.post_content.startsWith('<!-- wp:')).length).toBeGreaterThan(served.length / 2);
    expect(served.some((r) => !r.post_content.includes('<!-- wp:'))).toBe(true);
  });

  it('events and conferences map to the hand-written values', async () => {
    expect((await pullAll(t, 'events')).map((r) => mapEvent(r, OFFSET, '_event'))).toEqual(expected['events']);
    expect((await pullAll(t, 'conferences')).map((r) => mapEvent(r, OFFSET, '_conference'))).toEqual(expected['conferences']);
  });

  it('documents map to the hand-written values', async () => {
    expect((await pullAll(t, 'documents')).map(mapDocument)).toEqual(strip(expected['documents']));
  });

  it('companies and notifications map to the hand-written values', async () => {
    expect((await pullAll(t, 'companies')).map(mapCompany)).toEqual(expected['companies']);
    expect((await pullAll(t, 'notifications')).map((r) => mapNotification(r, OFFSET))).toEqual(expected['notifications']);
  });

  it('every file and image URL of the expected values is served, except the one documented as gone', async () => {
    const inContent = expected['articles'].flatMap((a: any) => [...a.content.matchAll(/ src="(\/wp-content\/[^"]+)"/g)].map((m) => `${t.url}${m[1]}`));
    expect(inContent).not.toHaveLength(0);
    const urls = [...expected['documents'].map((d: any) => d.fileUrl), ...expected['articles'].map((a: any) => a.featuredImageUrl), ...inContent].filter(
      Boolean,
    );
    for (const url of urls) {
      const res = await fetch(url);
      expect([url, res.status]).toEqual([url, url.includes('/missing/') ? 404 : 200]);
    }
  });
});
