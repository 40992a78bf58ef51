import { z } from 'zod';
import { commonEnv, readEnv, registeredPort, registeredSchema } from '@platform/config';
import { parseUtcOffset } from './domain/dates';
import { SEED_PRESETS, type SeedSizes } from './seed/generator';
import type { LegacySiteConfig, SeedPlan } from './site';

const count = z.coerce.number().int().min(0).max(1_000_000).optional();

/** The built-in development values, refused where the site is exposed (see exposedWithBuiltIns). */
const DEVELOPMENT_JWT_SECRET = 'legacy-site-development-jwt-secret-0123456789';
const DEVELOPMENT_ADMIN_PASSWORD = 'admin';

/** Every variable the site reads, with its type and default (docs/configuration.md is generated from it). */
export const configShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: commonEnv.DATABASE_URL,
  LEGACY_SITE_PORT: registeredPort('legacy-site', 'http'),
  /** Operations port: /healthz, /readyz, /metrics (0: any free port). */
  LEGACY_ADMIN_PORT: registeredPort('legacy-site', 'admin'),
  LEGACY_SITE_HOST: z.string().default('0.0.0.0'),
  LEGACY_SITE_SCHEMA: registeredSchema('legacy-site'),
  LEGACY_SITE_URL: z.string().url().optional(),
  LEGACY_SITE_NAME: z.string().default('Association'),
  LEGACY_SYNC_KEY: z.string().min(16).optional(),
  LEGACY_JWT_SECRET: z.string().min(32).default(DEVELOPMENT_JWT_SECRET),
  LEGACY_SITE_TIMEZONE: z
    .string()
    .default('+10:00')
    .refine((v) => {
      try {
        parseUtcOffset(v);
        return true;
      } catch {
        return false;
      }
    }, 'must be a UTC offset such as +10:00'),
  LEGACY_READ_ONLY: z.enum(['true', 'false', '1', '0']).optional(),
  /** What an empty site is filled with: a generator preset, `fixtures` or `none`. */
  LEGACY_SEED: z.enum(['none', 'fixtures', 'tiny', 'small', 'demo', 'load']).default('demo'),
  LEGACY_SEED_VALUE: z.coerce.number().int().default(1),
  LEGACY_SEED_RESET: z.enum(['true', 'false', '1', '0']).default('false'),
  LEGACY_SEED_MEMBERS: count,
  LEGACY_SEED_ARTICLES: count,
  LEGACY_SEED_EVENTS: count,
  LEGACY_SEED_CONFERENCES: count,
  LEGACY_SEED_DOCUMENTS: count,
  LEGACY_SEED_COMPANIES: count,
  LEGACY_SEED_NOTIFICATIONS: count,
  LEGACY_SEED_PAGES: count,
  LEGACY_ADMIN_PASSWORD: z.string().min(1).default(DEVELOPMENT_ADMIN_PASSWORD),
  /** Set by `npm start` (tools/start): where to write the sync key and logins it prints. */
  PLATFORM_START_INFO_FILE: z.string().min(1).optional(),
};

export interface AppConfig {
  port: number;
  adminPort: number;
  host: string;
  site: LegacySiteConfig;
}

const truthy = (v: string | undefined) => v === 'true' || v === '1';

/** The site's settings from the environment (see docs/legacy-site.md for each variable). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = readEnv(configShape, source);
  const builtIns = exposedWithBuiltIns(e);
  if (builtIns.length) {
    throw new Error(
      `${builtIns.join(', ')} must be set to your own value: the site runs with NODE_ENV=production or a public LEGACY_SITE_URL, ` +
        'and the built-in development value is public knowledge',
    );
  }
  let seed: SeedPlan;
  if (e.LEGACY_SEED === 'none') seed = { kind: 'none' };
  else if (e.LEGACY_SEED === 'fixtures') seed = { kind: 'fixtures', reset: truthy(e.LEGACY_SEED_RESET) };
  else {
    const preset = SEED_PRESETS[e.LEGACY_SEED];
    const sizes: SeedSizes = {
      members: e.LEGACY_SEED_MEMBERS ?? preset.members,
      articles: e.LEGACY_SEED_ARTICLES ?? preset.articles,
      events: e.LEGACY_SEED_EVENTS ?? preset.events,
      conferences: e.LEGACY_SEED_CONFERENCES ?? preset.conferences,
      documents: e.LEGACY_SEED_DOCUMENTS ?? preset.documents,
      companies: e.LEGACY_SEED_COMPANIES ?? preset.companies,
      notifications: e.LEGACY_SEED_NOTIFICATIONS ?? preset.notifications,
      pages: e.LEGACY_SEED_PAGES ?? preset.pages,
    };
    seed = { kind: 'generated', sizes, seed: e.LEGACY_SEED_VALUE, reset: truthy(e.LEGACY_SEED_RESET), adminPassword: e.LEGACY_ADMIN_PASSWORD };
  }
  return {
    port: e.LEGACY_SITE_PORT,
    adminPort: e.LEGACY_ADMIN_PORT,
    host: e.LEGACY_SITE_HOST,
    site: {
      databaseUrl: e.DATABASE_URL,
      schema: e.LEGACY_SITE_SCHEMA,
      jwtSecret: e.LEGACY_JWT_SECRET,
      timezone: e.LEGACY_SITE_TIMEZONE,
      syncKey: e.LEGACY_SYNC_KEY,
      readOnly: e.LEGACY_READ_ONLY === undefined ? undefined : truthy(e.LEGACY_READ_ONLY),
      publicUrl: e.LEGACY_SITE_URL,
      siteName: e.LEGACY_SITE_NAME,
      seed,
      startInfoFile: e.PLATFORM_START_INFO_FILE,
    },
  };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The variables still at their built-in development value on a site that is exposed: in
 * production, or with a public URL (any host but localhost and loopback addresses). The JWT
 * secret would let anyone mint the site's tokens; the seeded administrator's password is printed
 * in the docs.
 */
function exposedWithBuiltIns(e: { NODE_ENV: string; LEGACY_SITE_URL?: string; LEGACY_JWT_SECRET: string; LEGACY_ADMIN_PASSWORD: string }): string[] {
  const publicUrl =
    e.LEGACY_SITE_URL !== undefined && !LOCAL_HOSTS.has(new URL(e.LEGACY_SITE_URL).hostname) && !/^127\./.test(new URL(e.LEGACY_SITE_URL).hostname);
  if (e.NODE_ENV !== 'production' && !publicUrl) return [];
  const names: string[] = [];
  if (e.LEGACY_JWT_SECRET === DEVELOPMENT_JWT_SECRET) names.push('LEGACY_JWT_SECRET');
  if (e.LEGACY_ADMIN_PASSWORD === DEVELOPMENT_ADMIN_PASSWORD) names.push('LEGACY_ADMIN_PASSWORD');
  return names;
}
