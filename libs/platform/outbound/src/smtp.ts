import { DestinationRefused, DestinationUnresolved, type CheckedDestination } from './destination-guard';

/**
 * The connection part of nodemailer's SMTP options for a checked destination: the socket goes to
 * the checked address (an IP, so nodemailer looks nothing up), TLS verifies and sends as SNI the
 * name the tenant gave, and TLS is required (implicit, or STARTTLS) unless `requireTls` is false.
 */
export function smtpConnectionOptions(destination: CheckedDestination, options: { secure: boolean; requireTls: boolean }) {
  return {
    host: destination.address,
    port: destination.port,
    secure: options.secure,
    requireTLS: !options.secure && options.requireTls,
    ...(destination.servername ? { servername: destination.servername } : {}),
    tls: { ...(destination.servername ? { servername: destination.servername } : {}), minVersion: 'TLSv1.2' as const },
  };
}

/** What an administrator (and the email log) is told about an SMTP attempt: a class, never the server's text. */
export type SmtpOutcome = 'CONNECTED' | 'TLS_FAILED' | 'AUTH_FAILED' | 'REFUSED' | 'TIMED_OUT';

export interface ClassifiedSmtpFailure {
  outcome: Exclude<SmtpOutcome, 'CONNECTED'>;
  /** The server's SMTP reply code (535, 550…), 0 when it gave none. */
  smtpCode: number;
  /** What happened, in the platform's words: no text from the remote server. */
  reason: string;
}

/** The parts of a nodemailer error the classification reads (`response` is never repeated). */
export interface SmtpErrorFacts {
  code?: string;
  responseCode?: number;
  command?: string;
  message?: string;
}

const SYSTEM_CODES = /\b(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/;
const TLS_TEXT = /\b(SSL|TLS|certificate|CERT_|self[- ]signed|altname|wrong version number|handshake)\b/i;

/**
 * Classifies a failed SMTP attempt (nodemailer's error, or the guard's DestinationUnresolved).
 * The reason names what failed in fixed words; the remote server's reply text is left out, so a
 * tenant cannot use the platform to read what some internal service answers.
 */
export function classifySmtpFailure(err: unknown): ClassifiedSmtpFailure {
  if (err instanceof DestinationRefused) return { outcome: 'REFUSED', smtpCode: 0, reason: `the destination is refused (rule: ${err.rule})` };
  if (err instanceof DestinationUnresolved) {
    return err.code === 'ETIMEOUT'
      ? { outcome: 'TIMED_OUT', smtpCode: 0, reason: 'the host name did not resolve in time' }
      : { outcome: 'REFUSED', smtpCode: 0, reason: 'the host name does not resolve' };
  }
  const facts = (err ?? {}) as SmtpErrorFacts;
  const smtpCode = typeof facts.responseCode === 'number' && facts.responseCode >= 200 && facts.responseCode < 600 ? facts.responseCode : 0;
  const system = facts.code === 'ESOCKET' || facts.code === 'ECONNECTION' ? SYSTEM_CODES.exec(facts.message ?? '')?.[1] : undefined;
  const socketTls = (facts.code === 'ESOCKET' || facts.code === 'ECONNECTION') && !system && TLS_TEXT.test(facts.message ?? '');
  const code = system ?? facts.code;
  if (code === 'ETLS' || code === 'EREQUIRETLS' || socketTls) {
    return {
      outcome: 'TLS_FAILED',
      smtpCode,
      reason: smtpCode ? 'the server does not offer TLS (STARTTLS)' : 'TLS could not be established (no TLS, or a certificate that is not valid for the host)',
    };
  }
  switch (code) {
    case 'EAUTH':
      return { outcome: 'AUTH_FAILED', smtpCode, reason: 'the server refused the login' };
    case 'ENOAUTH':
      return { outcome: 'AUTH_FAILED', smtpCode, reason: 'the server requires a username and password' };
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
      return { outcome: 'TIMED_OUT', smtpCode: 0, reason: 'the server did not answer in time' };
    case 'ECONNREFUSED':
      return { outcome: 'REFUSED', smtpCode: 0, reason: 'connection refused' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EDNS':
      return { outcome: 'REFUSED', smtpCode: 0, reason: 'the host name does not resolve' };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return { outcome: 'REFUSED', smtpCode: 0, reason: 'the host is unreachable' };
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ECONNECTION':
    case 'ESOCKET':
      return { outcome: 'REFUSED', smtpCode, reason: 'the connection was closed unexpectedly' };
    case 'EENVELOPE':
      return {
        outcome: 'REFUSED',
        smtpCode,
        reason: /RCPT/i.test(facts.command ?? '') ? 'the server refused the recipient' : 'the server refused the sender or recipient',
      };
    case 'EMESSAGE':
      return { outcome: 'REFUSED', smtpCode, reason: 'the server refused the message' };
    default:
      break;
  }
  if (smtpCode)
    return { outcome: 'REFUSED', smtpCode, reason: `the server refused ${facts.command ? `the ${facts.command.split(' ')[0]} command` : 'the request'}` };
  return { outcome: 'REFUSED', smtpCode: 0, reason: 'the SMTP exchange failed' };
}

/** One line for logs and the email log: `OUTCOME (SMTP nnn): reason`, no remote text. */
export function describeSmtpFailure(failure: ClassifiedSmtpFailure): string {
  return `${failure.outcome}${failure.smtpCode ? ` (SMTP ${failure.smtpCode})` : ''}: ${failure.reason}`;
}
