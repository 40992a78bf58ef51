import express, { type Express } from 'express';
import type { GatewayMetrics } from './gateway-metrics';

export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
}

/**
 * The admin port, kept off the public one: `/metrics` (Prometheus), `/healthz` (the process is
 * alive) and `/readyz` (every dependency check passes: Redis and NATS; and the gateway is not shutting down).
 */
export function createAdminApp(metrics: GatewayMetrics, checks: ReadinessCheck[], isStopping: () => boolean): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'UP' });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(checks.map(async (c) => [c.name, await c.check().catch(() => false)] as const));
    const ready = !isStopping() && results.every(([, ok]) => ok);
    res.status(ready ? 200 : 503).json({
      status: ready ? 'UP' : 'DOWN',
      stopping: isStopping() || undefined,
      checks: Object.fromEntries(results.map(([name, ok]) => [name, ok ? 'UP' : 'DOWN'])),
    });
  });
  return app;
}
