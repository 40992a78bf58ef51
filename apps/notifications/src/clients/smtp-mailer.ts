import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, SmtpServer } from './ports';

const keyOf = (server: SmtpServer): string =>
  createHash('sha256')
    .update(JSON.stringify([server.host, server.port, server.secure, server.username, server.password]))
    .digest('hex');

/**
 * nodemailer over SMTP, one transport per server (a connection per message: a failure never poisons
 * a pooled connection, and one organisation's slow server holds up nothing else). Every attempt is
 * bounded by `timeoutMs` (connect, greeting, and each socket read).
 */
export function nodemailerMailer(options: { timeoutMs: number }): Mailer {
  const transports = new Map<string, Transporter>();
  const transportFor = (server: SmtpServer): Transporter => {
    const key = keyOf(server);
    let transport = transports.get(key);
    if (!transport) {
      transport = nodemailer.createTransport({
        host: server.host,
        port: server.port,
        secure: server.secure,
        auth: server.username ? { user: server.username, pass: server.password } : undefined,
        connectionTimeout: options.timeoutMs,
        greetingTimeout: options.timeoutMs,
        socketTimeout: options.timeoutMs,
      });
      transports.set(key, transport);
    }
    return transport;
  };
  return {
    async send(server, email) {
      const info = await transportFor(server).sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: email.messageId,
      });
      return { messageId: info.messageId, response: info.response };
    },
    close() {
      for (const transport of transports.values()) transport.close();
      transports.clear();
    },
  };
}
