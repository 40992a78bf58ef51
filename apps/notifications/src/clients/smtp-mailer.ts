import { createHash } from 'node:crypto';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import nodemailer, { type Transporter } from 'nodemailer';
import { smtpConnectionOptions, type CheckedDestination, type DestinationGuard } from '@platform/outbound';
import type { Mailer, SmtpServer } from './ports';

const keyOf = (server: SmtpServer, destination: CheckedDestination | undefined): string =>
  createHash('sha256')
    .update(JSON.stringify([server.host, destination?.address, server.port, server.secure, server.requireTls, server.username, server.password]))
    .digest('hex');

/**
 * nodemailer over SMTP, one transport per server (a connection per message: a failure never poisons
 * a pooled connection, and one organisation's slow server holds up nothing else). Every attempt is
 * bounded by `timeoutMs` (connect, greeting, and each socket read). An organisation's server goes
 * through the outbound-destination guard at every attempt: the transport connects to the address
 * the guard checked (TLS still verifies the host name), so a name that now resolves inside the
 * network is refused rather than looked up again by nodemailer.
 */
export function nodemailerMailer(options: { timeoutMs: number; guard: DestinationGuard }): Mailer {
  const transports = new Map<string, Transporter>();
  const transportFor = async (server: SmtpServer): Promise<Transporter> => {
    const destination = server.tenantGiven ? await options.guard.check(server.host, server.port) : undefined;
    const key = keyOf(server, destination);
    let transport = transports.get(key);
    if (!transport) {
      const connection = destination
        ? smtpConnectionOptions(destination, { secure: server.secure, requireTls: server.requireTls })
        : { host: server.host, port: server.port, secure: server.secure, requireTLS: !server.secure && server.requireTls };
      transport = nodemailer.createTransport({
        ...connection,
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
      const transport = await transportFor(server);
      // A client span for the SMTP exchange: the server, never the addresses, subject or the error's
      // text (a server's refusal quotes the recipient); its code (EENVELOPE, ETIMEDOUT…) says enough.
      return trace
        .getTracer('notifications')
        .startActiveSpan('smtp send', { kind: SpanKind.CLIENT, attributes: { 'server.address': server.host, 'server.port': server.port } }, async (span) => {
          try {
            const info = await transport.sendMail({
              from: email.from,
              to: email.to,
              subject: email.subject,
              html: email.html,
              text: email.text,
              messageId: email.messageId,
            });
            return { messageId: info.messageId, response: info.response };
          } catch (err) {
            const code = (err as { code?: unknown }).code;
            span.setAttribute('error.type', typeof code === 'string' ? code : 'Error');
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw err;
          } finally {
            span.end();
          }
        });
    },
    close() {
      for (const transport of transports.values()) transport.close();
      transports.clear();
    },
  };
}
