import { createHealthHandler, HealthMonitor } from '@platform/health';
import { createLogger, type Logger } from '@platform/telemetry';
import { MessageStore } from './domain/message-store';
import { startHttpApi } from './http/http-api';
import { startSmtpReceiver } from './smtp/smtp-receiver';

export interface MailCatcherOptions {
  smtpPort: number;
  httpPort: number;
  host: string;
  maxMessages: number;
  maxMessageBytes: number;
  logger?: Logger;
}

export interface RunningMailCatcher {
  smtpPort: number;
  httpPort: number;
  store: MessageStore;
  stop(): Promise<void>;
}

/** Starts the SMTP sink and its HTTP API over one in-memory store (port 0: any free port). */
export async function startMailCatcher(options: MailCatcherOptions): Promise<RunningMailCatcher> {
  const logger = options.logger ?? createLogger('mail-catcher');
  const store = new MessageStore(options.maxMessages);
  // No dependency: ready once both sides listen, until stop() begins.
  const health = new HealthMonitor([], { logger });
  const smtp = await startSmtpReceiver({ port: options.smtpPort, host: options.host, store, maxMessageBytes: options.maxMessageBytes, logger });
  const api = await startHttpApi({ port: options.httpPort, host: options.host, store, health: createHealthHandler(health), logger }).catch(
    async (err: unknown) => {
      await smtp.close();
      throw err;
    },
  );
  health.markStarted();
  return {
    smtpPort: smtp.port,
    httpPort: api.port,
    store,
    stop: async () => {
      health.drain();
      await Promise.all([smtp.close(), api.close()]);
    },
  };
}
