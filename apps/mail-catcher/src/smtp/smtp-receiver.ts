import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Logger } from '@platform/telemetry';
import { storedMessage, type MessageStore } from '../domain/message-store';

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

/**
 * The SMTP side: accepts every message (any sender, any recipient, any credentials; no TLS, as a
 * development sink) up to `maxMessageBytes`, and keeps it in the store.
 */
export async function startSmtpReceiver(options: {
  port: number;
  host: string;
  store: MessageStore;
  maxMessageBytes: number;
  logger: Logger;
}): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    banner: 'mail-catcher (development sink)',
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: options.maxMessageBytes,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err: Error) => callback(err));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 }));
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        try {
          const message = storedMessage(Buffer.concat(chunks), envelope, new Date());
          options.store.add(message);
          options.logger.info({ id: message.id, to: envelope.to, subject: message.subject }, 'message received');
          callback(null, `2.0.0 Ok: queued as ${message.id}`);
        } catch (err) {
          options.logger.error({ err }, 'could not read a message');
          callback(Object.assign(new Error('4.3.0 Could not store the message'), { responseCode: 451 }));
        }
      });
    },
  });
  server.on('error', (err: Error) => options.logger.warn({ err }, 'SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    const inner = (server as unknown as { server: import('node:net').Server }).server;
    inner.once('error', reject);
    server.listen(options.port, options.host, () => {
      inner.off('error', reject);
      resolve();
    });
  });
  const port = ((server as unknown as { server: import('node:net').Server }).server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
