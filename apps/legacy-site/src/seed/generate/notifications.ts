import { Prng, seedOf } from '../prng';
import type { SeedPost } from '../site-data';
import * as V from '../vocabulary';
import { cmsDate, pastInstant, postStatus, rngless } from './draws';
import { sentence } from './post-content';
import type { PostStream } from './post-stream';
import { slugify } from './slugs';

/** Push notifications of every link type: a post, an external link, a page, or none (generated last). */
export function* notifications(stream: PostStream, count: number): Generator<SeedPost> {
  const { reference, slugs, linkable, pageSlugs } = stream;
  const rng = new Prng(seedOf(stream.seed, 'notifications'));
  const linkTypes = ['post-type', 'external-link', 'website-page', 'notification'] as const;
  for (let i = 0; i < count; i++) {
    let linkType: string = rngless(linkTypes, i);
    if (linkType === 'post-type' && linkable.length === 0) linkType = 'notification';
    if (linkType === 'website-page' && pageSlugs.length === 0) linkType = 'notification';
    const meta: Record<string, string> = { _notification_type: linkType };
    if (linkType === 'post-type') {
      const target = rng.pick(linkable);
      meta['_notification_link_post_id'] = String(target.id);
      meta['_notification_link_post_type'] = target.type;
      meta['_notification_link_post_slug'] = target.slug;
    } else if (linkType === 'external-link') {
      meta['_notification_link_url'] = `https://www.example.org/campaigns/${i + 1}?utm_source=app&utm_medium=push`;
    } else if (linkType === 'website-page') {
      meta['_notification_link_page'] = rng.pick(pageSlugs);
    }
    const created = pastInstant(rng, reference, 400);
    const title = rng.pick(V.NOTIFICATION_TITLES);
    yield {
      id: stream.nextId(),
      post_type: 'notification',
      post_status: postStatus(rng, i),
      post_author: 1,
      post_title: title,
      post_content: '',
      post_excerpt: `${sentence(rng, 8, 16)} Don&#8217;t miss out &amp; tell a colleague.`,
      post_name: slugs.take('notification', slugify(title)),
      post_date_gmt: cmsDate(created),
      post_modified_gmt: cmsDate(created),
      meta,
    };
  }
}
