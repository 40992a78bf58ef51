import express, { type Express } from 'express';
import type { Registry } from 'prom-client';

export interface ReadinessCheck {
  name: string;
  /** Resolves true when the dependency answers. */
  check(): Promise<boolean>;
}

/** A check that has not answered within `ms` counts as failed (a database that hangs is not ready). */
export async function withinMs(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The admin port, kept off the public one (which serves only the plugin's API): `/healthz` (alive:
 * the process answers, whatever its database does), `/readyz` (the site serves its API and its
 * database answers) and `/metrics` (Prometheus text).
 */
export function createAdminApp(registry: Registry, checks: ReadinessCheck[], isServing: () => boolean, timeoutMs = 2000): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'UP' });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(checks.map(async (c) => [c.name, await withinMs(c.check(), timeoutMs)] as const));
    const serving = isServing();
    const ready = serving && results.every(([, ok]) => ok);
    res.status(ready ? 200 : 503).json({
      status: ready ? 'UP' : 'DOWN',
      serving,
      checks: Object.fromEntries(results.map(([name, ok]) => [name, ok ? 'UP' : 'DOWN'])),
    });
  });
  app.use((_req, res) => {
    res.status(404).json({ status: 404 });
  });
  return app;
}
