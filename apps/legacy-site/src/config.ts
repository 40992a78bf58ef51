import { z } from 'zod';
import { commonEnv, readEnv, registeredPort, registeredSchema } from '@platform/config';
import { parseUtcOffset } from './domain/dates';
import { SEED_PRESETS, type SeedSizes } from './seed/generator';
import type { LegacySiteConfig, SeedPlan } from './site';

const count = z.coerce.number().int().min(0).max(1_000_000).optional();

const env = {
  DATABASE_URL: commonEnv.DATABASE_URL,
  LEGACY_SITE_PORT: registeredPort('legacy-site', 'http'),
  /** Operations port: /healthz, /readyz, /metrics (0: any free port). */
  LEGACY_ADMIN_PORT: registeredPort('legacy-site', 'admin'),
  LEGACY_SITE_HOST: z.string().default('0.0.0.0'),
  LEGACY_SITE_SCHEMA: registeredSchema('legacy-site'),
  LEGACY_SITE_URL: z.string().url().optional(),
  LEGACY_SITE_NAME: z.string().default('Association'),
  LEGACY_SYNC_KEY: z.string().min(16).optional(),
  LEGACY_JWT_SECRET: z.string().min(32).default('legacy-site-development-jwt-secret-0123456789'),
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
  LEGACY_ADMIN_PASSWORD: z.string().min(1).default('admin'),
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
  const e = readEnv(env, source);
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
