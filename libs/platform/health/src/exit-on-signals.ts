import type { Logger } from '@platform/telemetry';

/**
 * Stops the process cleanly on SIGTERM or SIGINT: runs `stop` once, then exits 0 (1 if stopping
 * failed, or if it takes longer than `forceAfterMs`). A second signal exits at once.
 */
export function exitOnSignals(stop: () => Promise<void>, logger: Logger, options: { forceAfterMs?: number } = {}): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signalled) process.exit(1);
    signalled = true;
    logger.info({ signal }, 'shutting down');
    if (options.forceAfterMs !== undefined) setTimeout(() => process.exit(1), options.forceAfterMs).unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
