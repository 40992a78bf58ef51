import type { ClassifiedSmtpFailure, SmtpOutcome } from '@platform/outbound';

/** What a PUT does to the saved password: write-only, so absent keeps it and empty clears it. */
export type PasswordChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; password: string };

export function passwordChange(password: string | undefined): PasswordChange {
  if (password === undefined) return { kind: 'keep' };
  if (password === '') return { kind: 'clear' };
  return { kind: 'set', password };
}

/** Implicit TLS when asked, else by convention on port 465 (STARTTLS elsewhere when offered). */
export function resolveSecure(secure: boolean | undefined, port: number): boolean {
  return secure ?? port === 465;
}

/** The From header: `"Name" <address>`, or the address alone. */
export function fromHeader(fromName: string, fromAddress: string): { name: string; address: string } | string {
  return fromName ? { name: fromName, address: fromAddress } : fromAddress;
}

/** A hostname or an IP address (no scheme, no port, no spaces). */
export const SMTP_HOST_PATTERN =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$|^\[?[0-9A-Fa-f:.]+\]?$/;

/** TLS is required unless asked otherwise; an update without the field keeps the saved choice. */
export function resolveRequireTls(requireTls: boolean | undefined, saved: boolean | undefined): boolean {
  return requireTls ?? saved ?? true;
}

/** What an SMTP test answers an administrator: the outcome's class and code, in the platform's words. */
export interface SmtpTestOutcome {
  success: boolean;
  message: string;
  outcome: SmtpOutcome;
  smtpCode: number;
}

/**
 * A failed test as the administrator sees it: the class (TLS_FAILED, AUTH_FAILED, REFUSED,
 * TIMED_OUT), the SMTP code and a fixed phrase, never the remote server's own text (a tenant must
 * not be able to read what some other service answers through the platform).
 */
export function failedTest(failure: ClassifiedSmtpFailure, server: { host: string; port: number }): SmtpTestOutcome {
  const code = failure.smtpCode ? ` (SMTP ${failure.smtpCode})` : '';
  return {
    success: false,
    outcome: failure.outcome,
    smtpCode: failure.smtpCode,
    message: `${failure.outcome} at ${server.host}:${server.port}${code}: ${failure.reason}`,
  };
}

/** A successful connection test, saying whether the link was encrypted and who logged in. */
export function connectedTest(server: { host: string; port: number; username: string; secure: boolean; requireTls: boolean }): SmtpTestOutcome {
  const tls = server.secure || server.requireTls ? ' with TLS' : ' (TLS not required)';
  const login = server.username ? ` and logged in as ${server.username}` : '';
  return { success: true, outcome: 'CONNECTED', smtpCode: 0, message: `Connected to ${server.host}:${server.port}${tls}${login}` };
}

/** A test email the server accepted (its reply code, not its text). */
export function sentTest(to: string, smtpCode: number): SmtpTestOutcome {
  return { success: true, outcome: 'CONNECTED', smtpCode, message: `The test email to ${to} was accepted${smtpCode ? ` (SMTP ${smtpCode})` : ''}` };
}

/** The SMTP reply code at the start of a server's final answer (`250 2.0.0 Ok` → 250), 0 when there is none. */
export function replyCode(response: string | undefined): number {
  const match = /^([2-5]\d\d)\b/.exec(response ?? '');
  return match ? Number(match[1]) : 0;
}
