/**
 * Small pure rules of the account pages (no React, no window): which address to go to after
 * sign-in, how an email link's `?org=` names the organisation, what a spent token means.
 */

/** Only paths of this app are followed after sign-in (`?next=/admin`), never another origin. */
export function safeNext(next: string | null | undefined, fallback: string): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The organisation of an org login from a link's `?org=`: the invitation's accept link names it by
 * id, the sign-in and set-password links by slug (docs/notifications.md). Nothing when empty.
 */
export function organisationOfLogin(org: string | null | undefined): { organizationId: string } | { organizationSlug: string } | Record<string, never> {
  const value = org?.trim() ?? '';
  if (!value) return {};
  return UUID.test(value) ? { organizationId: value } : { organizationSlug: value };
}

/** `/login?email=…&org=…&next=…` with only the parts that are set. */
export function loginPath(query: { email?: string | null; org?: string | null; next?: string | null }): string {
  const parts = Object.entries(query)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  return parts.length ? `/login?${parts.join('&')}` : '/login';
}

/** The sign-in page for a signed-out visitor of `path` (`/account/mfa` → `/login?next=%2Faccount%2Fmfa`). */
export function signInFirst(pathname: string, search = ''): string {
  return loginPath({ next: `${pathname}${search}` });
}

/** Why an invitation or creation token no longer works (410 codes of decision 0169), as a key of account.json. */
export type SpentToken = 'expired' | 'used' | 'cancelled' | 'unknown';

export function spentToken(status: number, code: string | undefined): SpentToken | undefined {
  if (status === 404) return 'unknown';
  if (status !== 410) return undefined;
  if (code === 'INVITATION_EXPIRED') return 'expired';
  if (code === 'INVITATION_USED') return 'used';
  if (code === 'INVITATION_CANCELLED') return 'cancelled';
  return 'expired';
}

/**
 * Why a verification link was refused: the API answers 400 on `token` with "has expired…",
 * "has already been used" or "is not valid" (identity's verify-email).
 */
export function verificationRefusal(tokenMessage: string | undefined): 'expired' | 'used' | 'invalid' {
  if (!tokenMessage) return 'invalid';
  if (/expired/i.test(tokenMessage)) return 'expired';
  if (/already been used/i.test(tokenMessage)) return 'used';
  return 'invalid';
}

/** The fields of an accept answer's 400 that mean "this account needs its names and password first". */
export function needsPassword(fields: Record<string, string>): boolean {
  return 'password' in fields || 'firstName' in fields || 'lastName' in fields;
}

/** Backup codes as one text to copy or save, one a line. */
export function backupCodesText(codes: readonly string[]): string {
  return codes.join('\n');
}

/** The secret of an otpauth:// URI grouped by four for reading aloud or typing (`JBSW Y3DP …`). */
export function groupedSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
