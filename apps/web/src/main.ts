import { compactAfterStart, exitOnSignals } from '@platform/health';
import { createLogger } from '@platform/telemetry';
import { loadConfig } from './config';
import { startWebServer } from './web-server';

/** Wiring only: configuration, start, clean stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const logger = createLogger('web');
  const config = loadConfig();
  const web = await startWebServer({
    port: config.WEB_PORT,
    adminPort: config.WEB_ADMIN_PORT,
    host: config.WEB_HOST,
    root: config.WEB_ROOT,
    apiUpstreamUrl: config.WEB_API_UPSTREAM_URL,
    logger,
  });
  logger.info({ port: web.port, apiUpstream: config.WEB_API_UPSTREAM_URL ?? null }, 'web app listening');
  exitOnSignals(() => web.stop(), logger, { forceAfterMs: 5_000 });
  compactAfterStart(logger);
}

main().catch((err: unknown) => {
  createLogger('web').fatal({ err }, 'web app failed to start (is something else on its port? set WEB_PORT)');
  process.exit(1);
});
