import { readFileSync } from 'node:fs';
import { fixturesFile } from '../paths';
import type { SeedDeeplinkKey, SeedPost, SeedTerm, SeedUser } from './site-data';

/** The checked-in small data set (fixtures/site.json) the connector's tests map. */
export interface FixtureData {
  timezone: string;
  users: SeedUser[];
  terms: SeedTerm[];
  posts: SeedPost[];
  deeplink_keys: SeedDeeplinkKey[];
}

export function readFixtures(file = fixturesFile()): FixtureData {
  const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<FixtureData>;
  if (!Array.isArray(data.users) || !Array.isArray(data.posts) || !Array.isArray(data.terms)) {
    throw new Error(`${file} is not a site data set (users, terms and posts arrays)`);
  }
  return {
    timezone: data.timezone ?? '+10:00',
    users: data.users,
    terms: data.terms,
    posts: data.posts,
    deeplink_keys: data.deeplink_keys ?? [],
  };
}
