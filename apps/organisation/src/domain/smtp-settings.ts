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

/** What nodemailer's errors carry (code, the server's reply and its code, the SMTP command). */
export interface SmtpErrorLike {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

/** A hostname or an IP address (no scheme, no port, no spaces). */
export const SMTP_HOST_PATTERN =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$|^\[?[0-9A-Fa-f:.]+\]?$/;

/**
 * A message an administrator can act on for a failed connection test or test email: what went
 * wrong, at which server, and the server's own reply when there was one.
 */
export function describeSmtpFailure(err: SmtpErrorLike, server: { host: string; port: number }): string {
  const at = `${server.host}:${server.port}`;
  const reply = err.response ? `: ${err.response.trim()}` : '';
  switch (socketCause(err) ?? err.code) {
    case 'ECONNREFUSED':
      return `Could not connect to ${at}: connection refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EDNS':
      return `Could not connect to ${at}: the host name does not resolve`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Could not connect to ${at}: the host is unreachable`;
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
      return `Could not connect to ${at}: the server did not answer in time`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `The connection to ${at} was closed unexpectedly`;
    case 'EAUTH':
      return `The server at ${at} refused the login${reply}`;
    case 'ENOAUTH':
      return `The server at ${at} requires a username and password`;
    case 'ETLS':
      return `TLS with ${at} failed${reply || (err.message ? `: ${err.message}` : '')}`;
    case 'EENVELOPE':
      return `The server at ${at} refused the sender or recipient${reply}`;
    case 'EMESSAGE':
      return `The server at ${at} refused the message${reply}`;
    default:
      break;
  }
  if (err.responseCode) return `The server at ${at} answered ${err.command ? `${err.command} with ` : ''}an error${reply}`;
  return `SMTP at ${at} failed: ${err.message ?? 'unknown error'}`;
}

/** nodemailer reports socket failures as ESOCKET/ECONNECTION with the system error in the message. */
function socketCause(err: SmtpErrorLike): string | undefined {
  if (err.code !== 'ESOCKET' && err.code !== 'ECONNECTION') return undefined;
  return /\b(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/.exec(err.message ?? '')?.[1];
}
