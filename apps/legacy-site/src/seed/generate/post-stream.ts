import type { Prng } from '../prng';
import type { SeedPost } from '../site-data';
import { SlugRegistry } from './slugs';

/** A published post a notification can link to. */
export interface LinkTarget {
  id: number;
  type: string;
  slug: string;
}

/**
 * What the post steps of one pass share: the seed and reference, the next post id (posts and their
 * images take ids in the order they are generated), the slugs taken, and what notifications link to.
 * A new stream for every pass, so iterating the posts again gives the same rows.
 */
export class PostStream {
  private lastId = 0;
  readonly slugs = new SlugRegistry();
  readonly linkable: LinkTarget[] = [];
  readonly pageSlugs: string[] = [];

  constructor(
    readonly seed: number,
    /** Milliseconds of the reference instant. */
    readonly reference: number,
    /** The site's UTC offset in milliseconds. */
    readonly offsetMs: number,
    readonly authorIds: number[],
  ) {}

  nextId(): number {
    return ++this.lastId;
  }

  /** The post, preceded by its featured image (an attachment) with the given probability. */
  *withImage(rng: Prng, post: SeedPost, probability: number): Generator<SeedPost> {
    if (rng.chance(probability)) {
      const imageId = this.nextId();
      const day = new Date(`${post.post_date_gmt.replace(' ', 'T')}Z`);
      const file = `${day.getUTCFullYear()}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${post.post_name}.png`;
      post.meta = { ...post.meta, _thumbnail_id: String(imageId) };
      yield {
        id: imageId,
        post_type: 'attachment',
        post_status: 'inherit',
        post_author: post.post_author,
        post_title: post.post_name,
        post_name: `${post.post_name}-image`,
        post_parent: post.id,
        post_date_gmt: post.post_date_gmt,
        meta: { _wp_attached_file: file, _wp_attachment_width: '800', _wp_attachment_height: '600', _wp_attachment_mime_type: 'image/png' },
      };
    }
    yield post;
  }
}
