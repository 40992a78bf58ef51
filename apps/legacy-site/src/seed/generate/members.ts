import { ROLE_ADMIN, ROLE_MEMBER, ROLE_PENDING } from '../../domain/content-types';
import { Prng, seedOf } from '../prng';
import type { SeedDeeplinkKey, SeedUser } from '../site-data';
import * as V from '../vocabulary';
import { cmsDate, DAY, isoDay, modifiedAfter, pastInstant } from './draws';
import { slugify } from './slugs';

export interface MembersStep {
  seed: number;
  /** Milliseconds of the reference instant. */
  reference: number;
  count: number;
  memberPassword: string;
  adminPassword: string;
  /** Filled with the login links of the first pending members while they are generated. */
  deeplinkKeys: SeedDeeplinkKey[];
}

/** The users: user 1 is `admin`, user 2 an editor, the rest mostly members with their member meta. */
export function* members(step: MembersStep): Generator<SeedUser> {
  const { reference, deeplinkKeys } = step;
  const rng = new Prng(seedOf(step.seed, 'members'));
  let previousEmail = '';
  for (let id = 1; id <= step.count; id++) {
    const first = rng.pick(V.FIRST_NAMES);
    const last = rng.pick(V.LAST_NAMES);
    const registered = pastInstant(rng, reference, 15 * 365);
    const modified = modifiedAfter(rng, registered, reference);
    const login = id === 1 ? 'admin' : `${slugify(first)}.${slugify(last)}.${id}`.replace(/-/g, '');
    let email = id === 1 ? 'admin@association.example' : `${login}@members.example`;
    // Every thousandth member re-uses the previous member's address in another case.
    if (id % 1000 === 8 && previousEmail) email = previousEmail.replace(/^./, (c) => c.toUpperCase()).replace('@members.example', '@Members.Example');
    previousEmail = email;
    const role =
      id === 1
        ? ROLE_ADMIN
        : id === 2
          ? 'editor'
          : id % 1000 === 9
            ? ROLE_PENDING
            : rng.weighted([
                [ROLE_MEMBER, 86],
                [ROLE_PENDING, 6],
                ['subscriber', 4],
                ['lapsed-member', 3],
                [ROLE_ADMIN, 0.3],
                ['author', 0.7],
              ] as const);
    const [city, state, zip] = rng.pick(V.CITIES);
    const displayName = rng.chance(0.01) ? `${first} ${last} 🎉` : `${first} ${last}`;
    const meta: Record<string, string> = {};
    // Every hundredth member has no member meta at all (an account created before the plugin).
    if (id % 100 !== 13) {
      meta['first_name'] = first;
      meta['last_name'] = last;
      if (rng.chance(0.9)) meta['mobile_number'] = `04${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
      if (rng.chance(0.8)) meta['job_title'] = rng.pick(V.JOB_TITLES);
      if (rng.chance(0.8)) {
        meta['company_organization'] = `${rng.pick(V.COMPANY_WORDS)} ${rng.pick(V.COMPANY_KINDS)} ${rng.pick(V.COMPANY_SUFFIXES)}`;
      }
      if (rng.chance(0.85)) meta['birthday'] = isoDay(Date.UTC(rng.int(1950, 2004), rng.int(0, 11), rng.int(1, 28)));
      if (rng.chance(0.85)) meta['street_address'] = `${rng.int(1, 400)} ${rng.pick(V.STREETS)}`;
      meta['city'] = city;
      meta['state'] = state;
      if (rng.chance(0.95)) meta['zip'] = zip;
      meta['is_certified'] = rng.weighted([
        ['1', 30],
        ['0', 50],
        ['', 10],
        ['yes', 5],
      ] as const);
      if (role === ROLE_MEMBER || rng.chance(0.3)) meta['renewal_date'] = isoDay(reference + rng.int(-60, 365) * DAY);
      if (rng.chance(0.05)) meta['is_exclude_listing'] = '1';
    }
    if (role === ROLE_PENDING && deeplinkKeys.length < 5) {
      deeplinkKeys.push({ key: `invite-${step.seed}-${id}`, user_id: id, expires_gmt: cmsDate(reference + 3650 * DAY) });
    }
    yield {
      id,
      user_login: login,
      user_email: email,
      user_nicename: slugify(login),
      display_name: displayName,
      role,
      user_registered: cmsDate(registered),
      modified_gmt: cmsDate(modified),
      password: id === 1 ? step.adminPassword : step.memberPassword,
      meta,
    };
  }
}
