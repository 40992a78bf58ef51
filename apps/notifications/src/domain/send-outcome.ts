import {
  classifySmtpFailure as classifySmtp,
  describeSmtpFailure as describeClassified,
  DestinationRefused,
  DestinationUnresolved,
  type SmtpErrorFacts,
} from '@platform/outbound';

/**
 * What an SMTP failure means for the email:
 *  - `retry`: transient (a 4xx reply, a refused, dropped or timed-out connection): try again later;
 *  - `bounced`: the server refused the recipient for good (a 5xx reply to RCPT TO);
 *  - `failed`: any other permanent refusal (5xx to MAIL FROM or DATA, failed authentication, a
 *    message nodemailer cannot build).
 */
export type FailureKind = 'retry' | 'bounced' | 'failed';

/** The parts of a nodemailer error that matter (it sets `code`, `responseCode`, `command`). */
export type { SmtpErrorFacts } from '@platform/outbound';

const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'ECONNRESET',
  'ECONNREFUSED',
  'EDNS',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * What a failure means for the email. A destination the outbound guard refuses, and TLS that cannot
 * be had where it is required, are permanent (retrying changes nothing); a name that does not
 * resolve is retried like a refused connection.
 */
export function classifySmtpFailure(err: unknown): FailureKind {
  if (err instanceof DestinationRefused) return 'failed';
  if (err instanceof DestinationUnresolved) return 'retry';
  const facts = (err ?? {}) as SmtpErrorFacts;
  const reply = facts.responseCode;
  if (facts.code === 'ETLS' || facts.code === 'EREQUIRETLS') return 'failed';
  if (typeof reply === 'number' && reply >= 400 && reply < 500) return 'retry';
  if (typeof reply === 'number' && reply >= 500) {
    return /RCPT/i.test(facts.command ?? '') ? 'bounced' : 'failed';
  }
  if (facts.code && CONNECTION_CODES.has(facts.code)) return 'retry';
  if (facts.code === 'EAUTH' || facts.code === 'ENOAUTH' || facts.code === 'EENVELOPE' || facts.code === 'EMESSAGE') return 'failed';
  // Unknown: treat as transient; the attempt limit still ends it.
  return 'retry';
}

/**
 * The email log's line for a failure: its class, SMTP code and a fixed reason
 * (`REFUSED (SMTP 550): the server refused the recipient`), never the remote server's own text.
 */
export function describeSmtpFailure(err: unknown): string {
  return describeClassified(classifySmtp(err));
}

export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
}

/** The delay before attempt `attempt + 1` after `attempt` failed (1-based): base·2^(n-1), capped, ±20 % jitter. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const raw = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/** After a failed attempt: when to try again, or the final status. */
export function afterFailure(kind: FailureKind, attempt: number, policy: RetryPolicy): { retryInMs: number } | { final: 'FAILED' | 'BOUNCED' } {
  if (kind === 'bounced') return { final: 'BOUNCED' };
  if (kind === 'failed' || attempt >= policy.maxAttempts) return { final: 'FAILED' };
  return { retryInMs: retryDelayMs(policy, attempt) };
}
