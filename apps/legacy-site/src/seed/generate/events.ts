import { Prng, seedOf } from '../prng';
import type { SeedPost } from '../site-data';
import * as V from '../vocabulary';
import { cmsDate, DAY, HOUR, modifiedAfter, pastInstant, postStatus } from './draws';
import { htmlContent, sentence } from './post-content';
import type { PostStream } from './post-stream';
import { slugify } from './slugs';

/**
 * Events or conferences from a year ago to two years ahead, their times in the site's local
 * wall-clock milliseconds, with location meta unless virtual; some lack an end time, cost or link.
 */
export function* eventLike(stream: PostStream, kind: 'event' | 'conference', count: number): Generator<SeedPost> {
  const { reference, offsetMs, slugs, linkable, authorIds } = stream;
  const rng = new Prng(seedOf(stream.seed, kind));
  const localToday = Math.floor((reference + offsetMs) / DAY);
  for (let i = 0; i < count; i++) {
    const title = rng.pick(kind === 'event' ? V.EVENT_TITLES : V.CONFERENCE_TITLES);
    const [city, state, zip] = rng.pick(V.CITIES);
    const allDay = kind === 'event' ? rng.chance(0.1) : rng.chance(0.3);
    const virtual = rng.chance(0.2);
    const day = localToday + rng.int(-365, 730);
    const startLocal = allDay ? day * DAY : day * DAY + rng.int(8, 18) * HOUR + rng.pick([0, 30]) * 60_000;
    const endLocal = kind === 'conference' ? startLocal + rng.int(1, 3) * DAY + 8 * HOUR : allDay ? startLocal + DAY - 1000 : startLocal + rng.int(1, 8) * HOUR;
    // Announced 10 to 120 days ahead; events further out than that were published recently.
    const announced = startLocal - offsetMs - rng.int(10, 120) * DAY;
    const created = announced < reference ? announced : pastInstant(rng, reference, 90);
    const p = `_${kind}`;
    const meta: Record<string, string> = {
      [`${p}_date_time_start`]: String(startLocal),
      [`${p}_all_day`]: allDay ? '1' : '0',
      [`${p}_is_virtual`]: virtual ? '1' : '0',
      [`${p}_cost`]: rng.pick(['Free', '$25', '45.00', '$120 members / $180 non-members', '']),
      [`${p}_url`]: `https://tickets.example.org/${kind}s/${i + 1}`,
    };
    // One in twenty has no end time; one in fifteen has no cost or link meta at all.
    if (i % 20 !== 4) meta[`${p}_date_time_end`] = String(endLocal);
    if (i % 15 === 2) {
      delete meta[`${p}_cost`];
      delete meta[`${p}_url`];
    }
    if (!virtual) {
      meta['_location_name'] = `${rng.pick(V.COMPANY_WORDS)} Convention Centre`;
      meta['_location_address'] = `${rng.int(1, 400)} ${rng.pick(V.STREETS)}`;
      meta['_location_city'] = city;
      meta['_location_state'] = state;
      meta['_location_zip_code'] = zip;
      meta['_location_country'] = 'Australia';
    }
    if (kind === 'event') meta['_event_attending_count'] = String(rng.int(0, 250));
    const id = stream.nextId();
    const slug = slugs.take(kind, slugify(title));
    const post: SeedPost = {
      id,
      post_type: kind,
      post_status: postStatus(rng, i),
      post_author: rng.pick(authorIds),
      post_title: title,
      post_content: htmlContent(rng, rng.int(2, 5)),
      post_excerpt: rng.chance(0.5) ? '' : sentence(rng),
      post_name: slug,
      post_date_gmt: cmsDate(created),
      post_modified_gmt: cmsDate(modifiedAfter(rng, created, reference)),
      meta,
    };
    if (post.post_status === 'publish' && linkable.length < 100) linkable.push({ id, type: kind, slug });
    yield* stream.withImage(rng, post, 0.6);
  }
}
