import nodemailer from 'nodemailer';
import type { SmtpClient, SmtpServer } from './ports';

/**
 * nodemailer, one transport per call (settings change between tests; nothing is pooled), each
 * step bounded by `timeoutMs` so a silent server answers within the request's deadline.
 */
export function nodemailerSmtp(options: { timeoutMs: number }): SmtpClient {
  const transport = (server: SmtpServer) =>
    nodemailer.createTransport({
      host: server.host,
      port: server.port,
      secure: server.secure,
      auth: server.username ? { user: server.username, pass: server.password } : undefined,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
      dnsTimeout: options.timeoutMs,
    });
  return {
    async verify(server) {
      const t = transport(server);
      try {
        await t.verify();
      } finally {
        t.close();
      }
    },
    async send(server, mail) {
      const t = transport(server);
      try {
        const info = await t.sendMail(mail);
        return { messageId: info.messageId, response: info.response };
      } finally {
        t.close();
      }
    },
  };
}
