import { Prng, seedOf } from '../prng';
import type { SeedPost } from '../site-data';
import * as V from '../vocabulary';
import { cmsDate, modifiedAfter, pastInstant, rngless } from './draws';
import { htmlContent } from './post-content';
import type { PostStream } from './post-stream';

/** The site's pages, in menu order (generated first: notifications link to them by slug). */
export function* pages(stream: PostStream, count: number): Generator<SeedPost> {
  const { reference, slugs, pageSlugs } = stream;
  const rng = new Prng(seedOf(stream.seed, 'pages'));
  for (let i = 0; i < count; i++) {
    const [title, base] = rngless(V.PAGES, i);
    const created = pastInstant(rng, reference, 2000);
    const slug = slugs.take('page', base);
    pageSlugs.push(slug);
    yield {
      id: stream.nextId(),
      post_type: 'page',
      post_status: i === 6 ? 'draft' : 'publish',
      post_author: 1,
      post_title: i < V.PAGES.length ? title : `${title} ${i + 1}`,
      post_content: htmlContent(rng, rng.int(2, 6)),
      post_name: slug,
      menu_order: i,
      post_date_gmt: cmsDate(created),
      post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
    };
  }
}
