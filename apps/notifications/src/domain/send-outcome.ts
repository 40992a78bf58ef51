/**
 * What an SMTP failure means for the email:
 *  - `retry`: transient (a 4xx reply, a refused, dropped or timed-out connection): try again later;
 *  - `bounced`: the server refused the recipient for good (a 5xx reply to RCPT TO);
 *  - `failed`: any other permanent refusal (5xx to MAIL FROM or DATA, failed authentication, a
 *    message nodemailer cannot build).
 */
export type FailureKind = 'retry' | 'bounced' | 'failed';

/** The parts of a nodemailer error that matter (it sets `code`, `responseCode`, `command`, `response`). */
export interface SmtpErrorFacts {
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
  message?: string;
}

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

export function classifySmtpFailure(err: SmtpErrorFacts): FailureKind {
  const reply = err.responseCode;
  if (typeof reply === 'number' && reply >= 400 && reply < 500) return 'retry';
  if (typeof reply === 'number' && reply >= 500) {
    return /RCPT/i.test(err.command ?? '') ? 'bounced' : 'failed';
  }
  if (err.code && CONNECTION_CODES.has(err.code)) return 'retry';
  if (err.code === 'EAUTH' || err.code === 'EENVELOPE' || err.code === 'EMESSAGE' || err.code === 'EREQUIRETLS') return 'failed';
  // Unknown: treat as transient; the attempt limit still ends it.
  return 'retry';
}

/** A one-line description of the failure for the email log (the server's reply when there is one). */
export function describeSmtpFailure(err: SmtpErrorFacts): string {
  const reply = err.response?.trim();
  const text = reply && reply.length > 0 ? reply : (err.message ?? 'unknown error');
  const prefix = err.code ? `${err.code}: ` : '';
  return `${prefix}${text}`.replace(/\s+/g, ' ').slice(0, 1000);
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
