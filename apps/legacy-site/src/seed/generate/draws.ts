import { formatCmsDate } from '../../domain/dates';
import type { Prng } from '../prng';

/** Small values every step draws: instants around the reference, CMS date strings, list items, statuses. */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** The item at a position, cycling through the list. */
export function rngless<T>(items: readonly T[], i: number): T {
  return items[i % items.length] as T;
}

export function cmsDate(ms: number): string {
  return formatCmsDate(new Date(ms));
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A past instant: up to `maxDays` before the reference, at a whole second. */
export function pastInstant(rng: Prng, reference: number, maxDays: number): number {
  return reference - rng.int(1, maxDays) * DAY + rng.int(0, DAY / 1000 - 1) * 1000;
}

export function modifiedAfter(rng: Prng, created: number, reference: number): number {
  if (rng.chance(0.4)) return created;
  return Math.min(reference - 1000, created + rng.int(0, 200) * DAY + rng.int(0, 86_399) * 1000);
}

/** Mostly published; the 8th and 12th of every fifty are always trash and private. */
export function postStatus(rng: Prng, i: number): string {
  return i % 50 === 7
    ? 'trash'
    : i % 50 === 11
      ? 'private'
      : rng.weighted([
          ['publish', 86],
          ['draft', 8],
          ['private', 3],
          ['trash', 3],
        ] as const);
}
