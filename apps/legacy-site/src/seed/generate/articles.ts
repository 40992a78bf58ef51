import { Prng, seedOf } from '../prng';
import type { SeedPost } from '../site-data';
import * as V from '../vocabulary';
import { cmsDate, modifiedAfter, pastInstant, postStatus } from './draws';
import { articleContent, sentence } from './post-content';
import type { PostStream } from './post-stream';
import { slugify } from './slugs';

/** Articles (posts) with categories and tags, most with a featured image. */
export function* articles(stream: PostStream, count: number, categories: number[], tags: number[]): Generator<SeedPost> {
  const { reference, slugs, linkable, authorIds } = stream;
  const rng = new Prng(seedOf(stream.seed, 'articles'));
  for (let i = 0; i < count; i++) {
    const title = i % 97 === 5 ? `${rng.pick(V.ARTICLE_TITLES)} 🎉🎉` : rng.pick(V.ARTICLE_TITLES);
    const created = pastInstant(rng, reference, 6 * 365);
    const content = articleContent(rng, i, i % 1000 === 3);
    const id = stream.nextId();
    const slug = slugs.take('post', slugify(title));
    const post: SeedPost = {
      id,
      post_type: 'post',
      post_status: postStatus(rng, i),
      post_author: rng.pick(authorIds),
      post_title: title,
      post_content: content,
      // About four in ten have no excerpt: the connector falls back to the content's first 30 words.
      post_excerpt: i % 10 < 4 ? '' : sentence(rng, 10, 24),
      post_name: slug,
      post_date_gmt: cmsDate(created),
      post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
      terms: [...rng.sample(categories, rng.int(i % 13 === 0 ? 0 : 1, 2)), ...rng.sample(tags, rng.int(0, 4))],
    };
    if (post.post_status === 'publish' && linkable.length < 50) linkable.push({ id, type: 'post', slug });
    yield* stream.withImage(rng, post, 0.7);
  }
}
