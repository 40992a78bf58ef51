import nodemailer from 'nodemailer';
import { smtpConnectionOptions, type DestinationGuard } from '@platform/outbound';
import type { SmtpClient, SmtpServer } from './ports';

/**
 * nodemailer to an organisation's own server, one transport per call (settings change between
 * calls; nothing is pooled). The guard resolves the host once and the transport connects to the
 * address it checked (TLS still verifies the host name); each step is bounded by `timeoutMs` so a
 * silent server answers within the request's deadline.
 */
export function nodemailerSmtp(options: { timeoutMs: number; guard: DestinationGuard }): SmtpClient {
  const transport = async (server: SmtpServer) => {
    const destination = await options.guard.check(server.host, server.port);
    return nodemailer.createTransport({
      ...smtpConnectionOptions(destination, { secure: server.secure, requireTls: server.requireTls }),
      auth: server.username ? { user: server.username, pass: server.password } : undefined,
      connectionTimeout: options.timeoutMs,
      greetingTimeout: options.timeoutMs,
      socketTimeout: options.timeoutMs,
    });
  };
  return {
    checkDestination(host, port) {
      options.guard.checkStatic(host, port);
    },
    async verify(server) {
      const t = await transport(server);
      try {
        await t.verify();
      } finally {
        t.close();
      }
    },
    async send(server, mail) {
      const t = await transport(server);
      try {
        const info = await t.sendMail(mail);
        return { messageId: info.messageId, response: info.response };
      } finally {
        t.close();
      }
    },
  };
}
