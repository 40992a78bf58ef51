import { FILE_META_KEY, FOLDER_TAXONOMY, type DocumentType } from '../../domain/content-types';
import { Prng, seedOf } from '../prng';
import type { SeedPost } from '../site-data';
import * as V from '../vocabulary';
import { cmsDate, modifiedAfter, pastInstant, postStatus } from './draws';
import { sentence } from './post-content';
import type { PostStream } from './post-stream';
import { slugify } from './slugs';
import type { Folders } from './terms';

/** Documents, policies and recalls with their file meta, most in a folder of their type. */
export function* documents(stream: PostStream, count: number, folders: Folders): Generator<SeedPost> {
  const { reference, slugs, authorIds } = stream;
  const rng = new Prng(seedOf(stream.seed, 'documents'));
  for (let i = 0; i < count; i++) {
    const type: DocumentType =
      i % 3 === 0 ? 'document' : i % 3 === 1 ? rng.pick(['document', 'policy'] as const) : rng.pick(['document', 'policy', 'recall'] as const);
    const title = `${rng.pick(V.DOCUMENT_TITLES)} ${i + 1}`;
    const created = pastInstant(rng, reference, 5 * 365);
    const date = new Date(created);
    const slug = slugs.take(type, slugify(title));
    const ext = rng.weighted(V.FILE_EXTENSIONS);
    const folder = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    const meta: Record<string, string> = {};
    // Awkward files: a cache-busting query string, a file gone from the server, no file meta.
    if (i % 25 === 17) meta[FILE_META_KEY[type]] = `/wp-content/uploads/${folder}/${slug}.${ext}?ver=2`;
    else if (i % 25 === 21) meta[FILE_META_KEY[type]] = `/wp-content/uploads/missing/${slug}.${ext}`;
    else if (i % 25 !== 23) meta[FILE_META_KEY[type]] = `/wp-content/uploads/${folder}/${slug}.${ext}`;
    const taxonomyTerms = folders.byTaxonomy[FOLDER_TAXONOMY[type]] ?? [];
    yield {
      id: stream.nextId(),
      post_type: type,
      post_status: postStatus(rng, i),
      post_author: rng.pick(authorIds),
      post_title: title,
      post_content: rng.chance(0.5) ? `<p>${sentence(rng)}</p>` : '',
      post_name: slug,
      post_date_gmt: cmsDate(created),
      post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
      meta,
      // About one in five documents is in no folder: the connector files it under the type's root.
      terms: i % 5 === 4 || taxonomyTerms.length === 0 ? [] : [rng.pick(taxonomyTerms)],
    };
  }
}
