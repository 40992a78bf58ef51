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
  let ready = false;
  const smtp = await startSmtpReceiver({ port: options.smtpPort, host: options.host, store, maxMessageBytes: options.maxMessageBytes, logger });
  const api = await startHttpApi({ port: options.httpPort, host: options.host, store, isReady: () => ready, logger }).catch(async (err: unknown) => {
    await smtp.close();
    throw err;
  });
  ready = true;
  return {
    smtpPort: smtp.port,
    httpPort: api.port,
    store,
    stop: async () => {
      ready = false;
      await Promise.all([smtp.close(), api.close()]);
    },
  };
}
