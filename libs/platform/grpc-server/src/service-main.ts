import { createLogger, initTelemetry } from '@platform/telemetry';
import { compactAfterStart, exitOnSignals } from '@platform/health';

export interface ServiceMain {
  /** The service's name: logs, traces and metrics carry it. */
  name: string;
  /** Applies the service's migrations and resolves (`main.js --migrate-only`, the init container). */
  migrate: () => Promise<unknown>;
  /** Starts the service; `stop` ends it cleanly. */
  start: () => Promise<{ stop(): Promise<void> }>;
}

/**
 * The process entry of a platform service: tracing first, then either the migrations alone
 * (`--migrate-only`, exit 0) or the service until SIGTERM/SIGINT (one during start-up stops it once
 * it is up), flushing traces on the way out. A failure to start is logged and exits 1. Once up, the heap is compacted after start-up.
 */
export function runServiceMain(main: ServiceMain, argv: string[] = process.argv): void {
  const telemetry = initTelemetry(main.name);
  const logger = createLogger(main.name);
  const fail = (what: string) => (err: unknown) => {
    logger.fatal({ err }, what);
    void telemetry.shutdown().finally(() => process.exit(1));
  };
  if (argv.includes('--migrate-only')) {
    main.migrate().then(() => process.exit(0), fail('migrations failed'));
    return;
  }
  // Signals are handled from the start: a SIGTERM that comes while the service is still starting
  // (its readiness can be true before its consumers run) stops it once it is up, cleanly.
  const starting = main.start();
  exitOnSignals(() => starting.then((service) => service.stop()).finally(() => telemetry.shutdown()), logger);
  starting.then(() => compactAfterStart(logger), fail(`${main.name} failed to start`));
}
