import pino, { type DestinationStream, type Logger } from 'pino';
import { activeTraceFields } from './trace-context';

export type { Logger } from 'pino';

/**
 * JSON logs on stdout (or `destination`), one line per entry, with the service name on every line.
 * LOG_LEVEL sets the level (default info; tests default to warn). A line written while a span is
 * active carries its `trace_id` and `span_id` (see initTelemetry).
 */
export function createLogger(service: string, bindings: Record<string, unknown> = {}, destination?: DestinationStream): Logger {
  const level = process.env['LOG_LEVEL'] ?? (process.env['JEST_WORKER_ID'] ? 'warn' : 'info');
  const options: pino.LoggerOptions = {
    level,
    base: { service, ...bindings },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: activeTraceFields,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: ['password', '*.password', 'newPassword', '*.newPassword', 'refreshToken', '*.refreshToken', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
