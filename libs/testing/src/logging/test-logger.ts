import { createLogger, type Logger } from '@platform/telemetry';

/** A logger that writes nothing unless LOG_LEVEL asks for it (LOG_LEVEL=debug shows everything). */
export function testLogger(name = 'test'): Logger {
  const logger = createLogger(name);
  if (!process.env['LOG_LEVEL']) logger.level = 'silent';
  return logger;
}
