import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import bcrypt from 'bcrypt';
import type { Express } from 'express';
import { runMigrations } from '@platform/db';
import { createAdminHandler, HealthMonitor, startAdminServer, type AdminServer } from '@platform/health';
import { createLogger, type Logger } from '@platform/telemetry';
import { parseUtcOffset } from './domain/dates';
import { newSyncKey } from './domain/tokens';
import { createHttpApp } from './http/http-app';
import { SiteMetrics } from './http/metrics';
import type { SiteServices } from './http/services';
import { migrationsDir as defaultMigrationsDir } from './paths';
import { readFixtures } from './seed/fixtures';
import { generateSite, type SeedSizes } from './seed/generator';
import { isEmpty, loadSite, type LoadCounts } from './store/bulk-load';
import { ChangeLock, type ChangeLockHooks } from './store/change-lock';
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
  /** Tests only: hooks inside the change-locked writes and sync page reads (see ChangeLock). */
  changeLockHooks?: ChangeLockHooks;
  logger?: Logger;
  /**
   * A file the started site writes its sync key and logins to, before it reports ready
   * (`npm start` sets `PLATFORM_START_INFO_FILE` and prints it).
   */
  startInfoFile?: string;
}

export interface StartedSite {
  url: string;
  port: number;
  /** The admin port's base URL (`/healthz`, `/readyz`, `/metrics`); null when not served. */
  adminUrl: string | null;
  adminPort: number | null;
  syncKey: string | null;
  seeded: LoadCounts | null;
  /** What to tell whoever started the site: API URL, admin URL, sync key, logins (one line each). */
  banner: string[];
}

export interface LegacySite {
  /** The public app: the plugin API and uploads only. */
  app: Express;
  /** What the admin port answers: `/healthz`, `/readyz`, `/metrics`. */
  adminHandler: RequestListener;
  /** Readiness: STARTING until start() completes, then the database check, DRAINING from stop() on. */
  health: HealthMonitor;
  metrics: SiteMetrics;
  services: SiteServices;
  /**
   * Listens on the admin port first when one is given (alive at once, ready once serving), then
   * migrates, seeds an empty site, settles the sync key and listens on the public port (port 0:
   * any free port).
   */
  start(port: number, host?: string, adminPort?: number): Promise<StartedSite>;
  /** Stops accepting requests, waits briefly for those in flight, closes both ports and the database pool. */
  stop(): Promise<void>;
}

/** The address to show for a listening server (a wildcard host is shown as the loopback address). */
function urlOf(server: Server, host: string): string {
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shownHost}:${address.port}`;
}

function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
}

/** Stops accepting, lets requests in flight finish (at most `graceMs`), closes keep-alive connections. */
function close(server: Server, graceMs = 5000): Promise<void> {
  return new Promise<void>((resolve) => {
    // Keep-alive connections are closed as soon as their request in flight is answered.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** The sync key and app logins of a started site, as told at start. */
export function startNotes(seed: SeedPlan | undefined, syncKey: string | null): string[] {
  const notes = [`sync key ${syncKey ?? '(none: sync answers 503)'}`];
  if (seed?.kind === 'generated') notes.push(`app logins admin / ${seed.adminPassword ?? 'admin'} and any member / password`);
  else if (seed?.kind === 'fixtures') notes.push('app logins admin / admin-password and fixture members / password123');
  return notes;
}

/** Writes the file whole or not at all (a reader never sees half of it), readable by its owner only. */
function writeStartInfo(file: string, lines: string[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, lines.map((l) => `${l}\n`).join(''), { mode: 0o600 });
  renameSync(partial, file);
}

export function createLegacySite(config: LegacySiteConfig): LegacySite {
  const logger = config.logger ?? createLogger('legacy-site');
  const pool = createPool(config.databaseUrl, config.schema);
  const rounds = config.bcryptRounds ?? 10;
  // One set of page cursors for both stores: a write through either invalidates remembered totals.
  const cursors = new PageCursors();
  const clock = config.clock ?? (() => new Date());
  // One change lock for both stores: every stamping write is ordered against every sync page read.
  const changes = new ChangeLock(pool, config.schema, clock, config.changeLockHooks);
  const services: SiteServices = {
    users: new UsersStore(pool, changes, cursors),
    posts: new PostsStore(pool, changes, cursors),
    settings: new SettingsStore(pool),
    sessions: new SessionsStore(pool),
    enquiries: new EnquiriesStore(pool),
    logger,
    clock,
    jwtSecret: config.jwtSecret,
    offsetMinutes: parseUtcOffset(config.timezone),
    timezone: config.timezone,
    siteName: config.siteName ?? 'Association',
    publicUrl: config.publicUrl,
    hashPassword: (plain) => bcrypt.hash(plain, rounds),
    verifyPassword: (plain, hash) => bcrypt.compare(plain, hash),
  };
  const metrics = new SiteMetrics();
  const app = createHttpApp(services, metrics);
  let server: Server | undefined;
  let admin: AdminServer | undefined;
  const health = new HealthMonitor([{ name: 'database', check: () => services.settings.reachable() }], { logger });

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
    adminHandler: createAdminHandler(health, metrics.registry),
    health,
    metrics,
    services,
    async start(port, host = '0.0.0.0', adminPort) {
      if (adminPort !== undefined) admin = await startAdminServer({ port: adminPort, host, monitor: health, registry: metrics.registry });
      let seeded: LoadCounts | null;
      let syncKey: string | null;
      try {
        await runMigrations({
          connectionString: config.databaseUrl,
          schema: config.schema,
          migrationsDir: config.migrationsDir ?? defaultMigrationsDir(),
          logger,
        });
        seeded = await seed(config.seed ?? { kind: 'none' });
        syncKey = await settleSyncKey();
        if (config.readOnly !== undefined) await services.settings.setReadOnly(config.readOnly);
        server = await listen(app, port, host);
      } catch (error) {
        await admin?.close();
        admin = undefined;
        throw error;
      }
      const url = urlOf(server, host);
      const adminUrl = admin ? urlOf(admin.server, host) : null;
      const baseUrl = (config.publicUrl ?? url).replace(/\/+$/, '');
      const notes = startNotes(config.seed, syncKey);
      const banner = [
        `${baseUrl}/api/v1 (ping: ${baseUrl}/api/v1/sync/ping)`,
        ...(adminUrl ? [`admin ${adminUrl} (/healthz, /readyz, /metrics)`] : []),
        ...notes,
      ];
      if (config.startInfoFile) {
        try {
          writeStartInfo(config.startInfoFile, notes);
        } catch (error) {
          logger.warn({ err: error, file: config.startInfoFile }, 'cannot write the start info file');
        }
      }
      health.markStarted();
      return {
        url,
        port: (server.address() as AddressInfo).port,
        adminUrl,
        adminPort: admin?.port ?? null,
        syncKey,
        seeded,
        banner,
      };
    },
    async stop() {
      health.drain(); // readiness answers 503 from now on
      // The public port drains first; the admin port answers (alive, not ready) until it has.
      if (server) await close(server);
      await admin?.close();
      server = undefined;
      admin = undefined;
      await pool.end();
    },
  };
}
