// News at scale, against the built content service over gRPC (the gateway adds its own overhead,
// measured by gateway-overhead): 20,000 articles in one organisation (imported in batches of 500
// through UpsertArticles), then
//  1. list latency (p50/p95/p99) of member queries: title search + tag filter, tag only, search
//     only, and plain pages (target: search + tag p95 < 20 ms);
//  2. 200 concurrent readers fetching one article: every view counted exactly (+N for N fetches),
//     and the fetch latency (target p95 < 50 ms).
// Needs the apps built: `npx nx run-many -t build -p content,identity,gateway`. Run: `npm run bench -- content-news`.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { TokenSigner } from '@platform/auth';
import { createClient, unary } from '@platform/grpc-server';
import { contentV1 } from '@platform/proto';
import { STACK_JWT_SECRET, startPlatformStack } from '@platform/testing';
import { machineLine, ms, percentile, writeSection } from './report';

const ARTICLES = 20_000;
const BATCH = 500;
const SAMPLES = 1000;
const READERS = 200;
const FETCHES_PER_READER = 5;
const WORDS = ['annual', 'meeting', 'régional', 'training', 'safety', 'awards', 'conférence', 'members', 'policy', 'update', 'café', 'budget'];
const TAGS = ['news', 'events', 'safety', 'training', 'policy', 'awards', 'regional', 'members', 'board', 'industry'];

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;

function imported(i: number): contentV1.ImportedArticle {
  const title = `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${pick(WORDS, i * 13 + 5)} no. ${i}`;
  return {
    externalId: String(i),
    title,
    content: `<!-- wp:paragraph -->\n<p>${title}: ${'Lorem ipsum dolor sit amet. '.repeat(20)}</p>\n<!-- /wp:paragraph -->`,
    excerpt: '',
    slug: `article-${i}`,
    status: i % 10 === 0 ? 'DRAFT' : 'PUBLISHED',
    featuredImageUrl: '',
    authorName: 'Bench',
    authorEmail: '',
    category: 'News',
    tags: [pick(TAGS, i), pick(TAGS, i * 3 + 1)],
    sourceCreatedAt: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000),
    sourceUpdatedAt: undefined,
    membersOnly: i % 4 === 0,
  };
}

async function timed(calls: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = process.hrtime.bigint();
    await call(i);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return samples.sort((a, b) => a - b);
}

const row = (name: string, s: number[], bold = false) => {
  const p95 = ms(percentile(s, 95)).replace(' ms', '');
  return `| ${bold ? `**${name}**` : name} | ${ms(percentile(s, 50)).replace(' ms', '')} | ${bold ? `**${p95}**` : p95} | ${ms(percentile(s, 99)).replace(' ms', '')} |`;
};

async function main(): Promise<void> {
  const stack = await startPlatformStack('bench_content', { services: ['content'], env: { LOG_LEVEL: 'warn' } });
  const client = createClient(contentV1.ContentServiceClient, stack.grpcUrls['content']!);
  try {
    const signer = new TokenSigner({ secret: STACK_JWT_SECRET, issuer: 'association-platform' });
    const org = randomUUID();
    const token = (role: 'ADMIN' | 'MEMBER') =>
      signer.signAccess({
        sub: randomUUID(),
        userType: 'ORGANIZATION',
        organizationId: org,
        organizationRole: role,
        email: 'bench@example.org',
        sid: randomUUID(),
      }).token;
    const service = signer.signService('connector');
    const member = token('MEMBER');
    const admin = token('ADMIN');

    const seedStart = Date.now();
    for (let from = 0; from < ARTICLES; from += BATCH) {
      const articles = Array.from({ length: BATCH }, (_, k) => imported(from + k));
      await unary(client, client.upsertArticles, { organizationId: org, articles }, { token: service, timeoutMs: 120_000 });
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;

    const list = (extra: Partial<contentV1.ListArticlesRequest>) => () =>
      unary(client, client.listArticles, { organizationId: org, status: '', tag: '', search: '', sort: '', ...extra }, { token: member });
    const queries: Array<[string, (i: number) => Promise<unknown>, boolean]> = [
      ['search + tag, newest first (target p95 < 20 ms)', (i) => list({ search: pick(WORDS, i), tag: pick(TAGS, i) })(), true],
      ['tag only', (i) => list({ tag: pick(TAGS, i) })(), false],
      ['search only (accent-insensitive)', (i) => list({ search: pick(['cafe', 'CONFERENCE', 'regional', 'meeting'], i) })(), false],
      ['pages 0–49, no filter', (i) => list({ page: i % 50 })(), false],
      [
        'admin, every status, sort title',
        (i) => unary(client, client.listArticles, { organizationId: org, status: '', tag: pick(TAGS, i), search: '', sort: 'title,asc' }, { token: admin }),
        false,
      ],
    ];
    for (const [, call] of queries) await timed(100, call); // warm up
    const results: Array<[string, number[], boolean]> = [];
    for (const [name, call, bold] of queries) results.push([name, await timed(SAMPLES, call), bold]);

    const target = (await unary(client, client.listArticles, { organizationId: org, status: '', tag: '', search: '', sort: '', size: 1 }, { token: member }))
      .content[0]!;
    const before = Number(target.viewCount);
    const fetchSamples: number[] = [];
    await Promise.all(
      Array.from({ length: READERS }, async () => {
        for (let k = 0; k < FETCHES_PER_READER; k++) {
          const t = process.hrtime.bigint();
          await unary(client, client.getArticle, { organizationId: org, articleId: target.id }, { token: member, timeoutMs: 30_000 });
          fetchSamples.push(Number(process.hrtime.bigint() - t) / 1e6);
        }
      }),
    );
    fetchSamples.sort((a, b) => a - b);
    const after = Number((await unary(client, client.getArticle, { organizationId: org, articleId: target.id }, { token: admin })).viewCount);
    const expected = before + READERS * FETCHES_PER_READER + 1;

    writeSection(
      'content-news',
      `## Content: news list and view counting at 20,000 articles

Machine: ${machineLine()}, load average ${os.loadavg()[0]!.toFixed(1)} at the end (shared with other work). The built content
service over gRPC (no gateway), ${ARTICLES.toLocaleString('en')} articles in one organisation (90 % published, a quarter
members-only, two tags each) imported in ${seedSeconds.toFixed(0)} s through \`UpsertArticles\` (500 a call, every
article through the content parser). ${SAMPLES} sequential calls per row as a MEMBER, page size 20.

| query | p50 ms | p95 ms | p99 ms |
|---|---|---|---|
${results.map(([name, s, bold]) => row(name, s, bold)).join('\n')}

${READERS} concurrent readers fetching one article ${FETCHES_PER_READER} times each (${READERS * FETCHES_PER_READER} fetches): view count
${before} → ${after}, expected ${expected} (${after === expected ? 'exact' : 'NOT exact'}); fetch latency p50 ${ms(percentile(fetchSamples, 50))},
**p95 ${ms(percentile(fetchSamples, 95))}** (target < 50 ms), p99 ${ms(percentile(fetchSamples, 99))}.

Search is "contains" on each word of an accent-free, lower-case copy of the title (no extension); the
tag filter uses a GIN index on \`tags\`, the visibility filter and default sort an index on
(organization_id, status, published_at desc). Run: \`npm run bench -- content-news\` (header of
\`tools/bench/content-news.ts\`).`,
    );
    if (after !== expected) process.exitCode = 1;
  } finally {
    client.close();
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
