import { Prng, seedOf } from '../prng';
import type { SeedPost } from '../site-data';
import * as V from '../vocabulary';
import { cmsDate, modifiedAfter, pastInstant, postStatus } from './draws';
import { htmlContent } from './post-content';
import type { PostStream } from './post-stream';
import { slugify } from './slugs';

/** Member companies (the directory), with contact meta and most with a logo. */
export function* companies(stream: PostStream, count: number): Generator<SeedPost> {
  const { reference, slugs } = stream;
  const rng = new Prng(seedOf(stream.seed, 'companies'));
  for (let i = 0; i < count; i++) {
    const name = `${rng.pick(V.COMPANY_WORDS)} ${rng.pick(V.COMPANY_KINDS)} ${rng.pick(V.COMPANY_SUFFIXES)}`;
    const created = pastInstant(rng, reference, 4 * 365);
    const slug = slugs.take('company', slugify(name));
    const meta: Record<string, string> = { _company_url: `https://${slug}.example.com` };
    if (rng.chance(0.8)) meta['_company_phone'] = `(07) ${rng.int(3000, 3999)} ${rng.int(1000, 9999)}`;
    if (rng.chance(0.7)) meta['_company_email'] = `info@${slug}.example.com`;
    if (rng.chance(0.5)) meta['_company_address'] = `${rng.int(1, 400)} ${rng.pick(V.STREETS)}, ${rng.pick(V.CITIES)[0]}`;
    yield* stream.withImage(
      rng,
      {
        id: stream.nextId(),
        post_type: 'company',
        post_status: postStatus(rng, i),
        post_author: 1,
        post_title: name,
        post_content: htmlContent(rng, rng.int(1, 3)),
        post_name: slug,
        post_date_gmt: cmsDate(created),
        post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
        meta,
      },
      0.7,
    );
  }
}
