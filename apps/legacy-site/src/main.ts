import { compactAfterStart, exitOnSignals } from '@platform/health';
import { createLogger } from '@platform/telemetry';
import { loadConfig } from './config';
import { createLegacySite } from './site';

export { createLegacySite, type LegacySite, type LegacySiteConfig, type SeedPlan, type StartedSite } from './site';

/** Wiring only: configuration from the environment, start, banner, clean stop on SIGTERM/SIGINT, heap compaction after start-up. */
async function main(): Promise<void> {
  const logger = createLogger('legacy-site');
  const config = loadConfig();
  const site = createLegacySite({ ...config.site, logger });
  const started = await site.start(config.port, config.host, config.adminPort);
  const baseUrl = config.site.publicUrl ?? started.url;
  logger.info({ url: baseUrl, api: `${baseUrl}/api/v1`, admin: started.adminUrl, syncKeyGenerated: started.syncKey !== null }, 'legacy site listening');
  process.stdout.write(started.banner.map((line) => `legacy-site: ${line}\n`).join(''));
  exitOnSignals(() => site.stop(), logger, { forceAfterMs: 10_000 });
  compactAfterStart(logger);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    createLogger('legacy-site').fatal({ err: error }, 'legacy site failed to start');
    process.exit(1);
  });
}
