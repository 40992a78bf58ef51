import { createLogger, type Logger } from '@platform/telemetry';

/** A logger that writes nothing (LOG_LEVEL=debug shows everything). */
export function testLogger(): Logger {
  const logger = createLogger('gateway-test');
  if (!process.env['LOG_LEVEL']) logger.level = 'silent';
  return logger;
}
