import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import bcrypt from 'bcrypt';
import type { Express } from 'express';
import { runMigrations } from '@platform/db';
import { createLogger, type Logger } from '@platform/telemetry';
import { parseUtcOffset } from './domain/dates';
import { newSyncKey } from './domain/tokens';
import { createHttpApp } from './http/http-app';
import type { SiteServices } from './http/services';
import { migrationsDir as defaultMigrationsDir } from './paths';
import { readFixtures } from './seed/fixtures';
import { generateSite, type SeedSizes } from './seed/generator';
import { isEmpty, loadSite, type LoadCounts } from './store/bulk-load';
import { createPool } from './store/db';
import { EnquiriesStore } from './store/enquiries-store';
import { PageCursors } from './store/page-cursors';
import { PostsStore } from './store/posts-store';
import { SessionsStore } from './store/sessions-store';
import { SETTING_SYNC_KEY, SettingsStore } from './store/settings-store';
import { UsersStore } from './store/users-store';

/** What to load into an empty site (or always, with `reset`). */
export type SeedPlan =
  | { kind: 'none' }
  | { kind: 'fixtures'; reset?: boolean }
  | { kind: 'generated'; sizes: SeedSizes; seed: number; reset?: boolean; adminPassword?: string; memberPassword?: string };

export interface LegacySiteConfig {
  databaseUrl: string;
  schema: string;
  jwtSecret: string;
  /** The site's UTC offset, `+10:00`. */
  timezone: string;
  /** A key to use; null to have none (sync answers 503); undefined keeps the stored one or generates one. */
  syncKey?: string | null;
  /** Sets read-only mode at start when given. */
  readOnly?: boolean;
  publicUrl?: string;
  siteName?: string;
  seed?: SeedPlan;
  migrationsDir?: string;
  bcryptRounds?: number;
  clock?: () => Date;
  logger?: Logger;
}

export interface StartedSite {
  url: string;
  port: number;
  syncKey: string | null;
  seeded: LoadCounts | null;
}

export interface LegacySite {
  app: Express;
  services: SiteServices;
  /** Migrates, seeds an empty site, settles the sync key, then listens (port 0: any free port). */
  start(port: number, host?: string): Promise<StartedSite>;
  /** Stops accepting requests, waits briefly for those in flight, closes the database pool. */
  stop(): Promise<void>;
}

export function createLegacySite(config: LegacySiteConfig): LegacySite {
  const logger = config.logger ?? createLogger('legacy-site');
  const pool = createPool(config.databaseUrl, config.schema);
  const rounds = config.bcryptRounds ?? 10;
  // One set of page cursors for both stores: a write through either invalidates remembered totals.
  const cursors = new PageCursors();
  const services: SiteServices = {
    users: new UsersStore(pool, cursors),
    posts: new PostsStore(pool, cursors),
    settings: new SettingsStore(pool),
    sessions: new SessionsStore(pool),
    enquiries: new EnquiriesStore(pool),
    logger,
    clock: config.clock ?? (() => new Date()),
    jwtSecret: config.jwtSecret,
    offsetMinutes: parseUtcOffset(config.timezone),
    timezone: config.timezone,
    siteName: config.siteName ?? 'Association',
    publicUrl: config.publicUrl,
    hashPassword: (plain) => bcrypt.hash(plain, rounds),
    verifyPassword: (plain, hash) => bcrypt.compare(plain, hash),
  };
  const app = createHttpApp(services);
  let server: Server | undefined;

  async function seed(plan: SeedPlan): Promise<LoadCounts | null> {
    if (plan.kind === 'none') return null;
    if (!plan.reset && !(await isEmpty(pool))) return null;
    const started = Date.now();
    const data =
      plan.kind === 'fixtures'
        ? readFixtures()
        : generateSite({
            seed: plan.seed,
            sizes: plan.sizes,
            timezone: config.timezone,
            adminPassword: plan.adminPassword,
            memberPassword: plan.memberPassword,
          });
    const counts = await loadSite(pool, data, { hashPassword: services.hashPassword, reset: plan.reset });
    cursors.clear();
    logger.info({ ...counts, source: plan.kind, ms: Date.now() - started }, 'site data loaded');
    return counts;
  }

  async function settleSyncKey(): Promise<string | null> {
    if (config.syncKey === null) {
      await services.settings.remove(SETTING_SYNC_KEY);
      return null;
    }
    if (config.syncKey) {
      await services.settings.set(SETTING_SYNC_KEY, config.syncKey);
      return config.syncKey;
    }
    const stored = await services.settings.syncKey();
    if (stored) return stored;
    const generated = newSyncKey();
    await services.settings.set(SETTING_SYNC_KEY, generated);
    return generated;
  }

  return {
    app,
    services,
    async start(port, host = '0.0.0.0') {
      await runMigrations({
        connectionString: config.databaseUrl,
        schema: config.schema,
        migrationsDir: config.migrationsDir ?? defaultMigrationsDir(),
        logger,
      });
      const seeded = await seed(config.seed ?? { kind: 'none' });
      const syncKey = await settleSyncKey();
      if (config.readOnly !== undefined) await services.settings.setReadOnly(config.readOnly);
      server = await new Promise<Server>((resolve, reject) => {
        const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
      });
      const address = server.address() as AddressInfo;
      const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      return { url: `http://${shownHost}:${address.port}`, port: address.port, syncKey, seeded };
    },
    async stop() {
      const running = server;
      if (running) {
        const closing = new Promise<void>((resolve) => running.close(() => resolve()));
        running.closeIdleConnections();
        const timer = setTimeout(() => running.closeAllConnections(), 5000);
        await closing;
        clearTimeout(timer);
        server = undefined;
      }
      await pool.end();
    },
  };
}
