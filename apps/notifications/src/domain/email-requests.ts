import type { TemplateType } from './templates';

/** An email to send, as a consumer records it: what to render for whom. */
export interface EmailRequest {
  /** Null for platform mail of no organisation (verification, password reset). */
  organizationId: string | null;
  type: TemplateType;
  recipient: string;
  values: Record<string, string>;
  flags: Record<string, boolean>;
  /** Values that carry a secret (token, code, links holding them), each sealed on its own. */
  sealedValues: Record<string, string>;
}

export interface EmailContext {
  /** PUBLIC_APP_URL without a trailing slash. */
  appUrl: string;
  platformName: string;
  /** SecretBox.seal / SecretBox.open with SECRETS_KEY. */
  seal(plain: string): string;
  open(sealed: string): string;
}

/** Email verification lasts 7 days (spec section 8). */
export const EMAIL_VERIFICATION_DAYS = 7;

const enc = encodeURIComponent;
const link = (ctx: EmailContext, path: string, query: Record<string, string>): string =>
  `${ctx.appUrl}${path}?${Object.entries(query)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&')}`;

const person = (email: string, firstName: string, lastName: string) => ({
  'user.email': email,
  'user.firstName': firstName,
  'user.lastName': lastName,
});

const platform = (ctx: EmailContext) => ({ 'app.name': ctx.platformName, 'app.url': ctx.appUrl });

const sealAll = (ctx: EmailContext, values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, ctx.seal(v)]));

/** Minutes from `from` until `until`, at least 1; `fallback` when either is not a date. */
export function minutesBetween(from: string, until: string, fallback: number): number {
  const ms = Date.parse(until) - Date.parse(from);
  return Number.isFinite(ms) ? Math.max(1, Math.round(ms / 60_000)) : fallback;
}

export interface UserRegisteredFacts {
  email: string;
  firstName: string;
  lastName: string;
  sealedToken: string;
}

/** identity.user.registered → the verification email with the confirm link (`/verify-email?token=`). */
export function verificationEmail(ctx: EmailContext, event: UserRegisteredFacts): EmailRequest {
  const token = ctx.open(event.sealedToken);
  return {
    organizationId: null,
    type: 'EMAIL_VERIFICATION',
    recipient: event.email,
    values: {
      ...platform(ctx),
      'org.name': ctx.platformName,
      'org.slug': '',
      ...person(event.email, event.firstName, event.lastName),
      expiresInDays: String(EMAIL_VERIFICATION_DAYS),
    },
    flags: {},
    sealedValues: sealAll(ctx, { token, verificationUrl: link(ctx, '/verify-email', { token }) }),
  };
}

export interface ResetRequestedFacts {
  email: string;
  firstName: string;
  lastName: string;
  sealedCode: string;
  expiresAt: string;
  occurredAt: string;
  resend: boolean;
}

/** identity.password.reset-requested → the 6-digit code (request and resend alike). */
export function passwordResetEmail(ctx: EmailContext, event: ResetRequestedFacts): EmailRequest {
  return {
    organizationId: null,
    type: 'PASSWORD_RESET',
    recipient: event.email,
    values: {
      ...platform(ctx),
      'org.name': ctx.platformName,
      'org.slug': '',
      ...person(event.email, event.firstName, event.lastName),
      expiresInMinutes: String(minutesBetween(event.occurredAt, event.expiresAt, 15)),
      resetUrl: link(ctx, '/reset-password', { email: event.email }),
    },
    flags: { resend: event.resend },
    sealedValues: sealAll(ctx, { code: ctx.open(event.sealedCode) }),
  };
}

export interface MemberInvitedFacts {
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  accountCreated: boolean;
  /** An invitation's accept token (POST invitations); absent for POST users with sendInvitationEmail. */
  acceptToken?: { ciphertext: string };
  message?: string;
}

/**
 * organisation.member.invited → the invitation. With an accept token (POST invitations) it carries
 * the accept link `/invitations/accept?org=…&token=…` (sealed); without one (POST users), an
 * account made for it gets the set-password link.
 */
export function invitationEmail(ctx: EmailContext, event: MemberInvitedFacts): EmailRequest {
  const token = event.acceptToken?.ciphertext ? ctx.open(event.acceptToken.ciphertext) : undefined;
  const message = event.message ?? '';
  return {
    organizationId: event.organizationId,
    type: 'INVITATION',
    recipient: event.email,
    values: {
      ...platform(ctx),
      'org.name': event.organizationName,
      'org.slug': event.organizationSlug,
      ...person(event.email, event.firstName, event.lastName),
      role: event.role,
      loginUrl: link(ctx, '/login', { org: event.organizationSlug }),
      setPasswordUrl: link(ctx, '/reset-password', { email: event.email, org: event.organizationSlug }),
      message,
    },
    flags: { accountCreated: event.accountCreated, hasAcceptUrl: token !== undefined, hasMessage: message !== '' },
    sealedValues: sealAll(ctx, { acceptUrl: token ? link(ctx, '/invitations/accept', { org: event.organizationId, token }) : '' }),
  };
}

export interface OrganizationCreatedFacts {
  organizationId: string;
  name: string;
  slug: string;
  ownerEmail: string;
  ownerFirstName: string;
  ownerLastName: string;
  ownerAccountCreated: boolean;
  sendWelcomeEmail: boolean;
}

/**
 * organisation.organisation.created → the owner's welcome email, when create-with-owner asked for
 * it; null otherwise (plain POST /api/orgs, sendWelcomeEmail false, or no owner).
 */
export function welcomeEmail(ctx: EmailContext, event: OrganizationCreatedFacts): EmailRequest | null {
  if (!event.sendWelcomeEmail || event.ownerEmail.trim() === '') return null;
  return {
    organizationId: event.organizationId,
    type: 'WELCOME',
    recipient: event.ownerEmail,
    values: {
      ...platform(ctx),
      'org.name': event.name,
      'org.slug': event.slug,
      ...person(event.ownerEmail, event.ownerFirstName, event.ownerLastName),
      loginUrl: link(ctx, '/login', { org: event.slug }),
      setPasswordUrl: link(ctx, '/reset-password', { email: event.ownerEmail, org: event.slug }),
    },
    flags: { accountCreated: event.ownerAccountCreated },
    sealedValues: {},
  };
}

export interface JoinRequestDecidedFacts {
  organizationId: string;
  organizationName: string;
  organizationSlug: string;
  email: string;
  firstName: string;
  lastName: string;
  decision: string;
  accountCreated: boolean;
}

/**
 * organisation.join-request.decided → the approval (with the set-password link when the account was
 * made for it) or the rejection; null for a decision this service does not know.
 */
export function joinRequestDecisionEmail(ctx: EmailContext, event: JoinRequestDecidedFacts): EmailRequest | null {
  if (event.decision !== 'APPROVED' && event.decision !== 'REJECTED') return null;
  const values = {
    ...platform(ctx),
    'org.name': event.organizationName,
    'org.slug': event.organizationSlug,
    ...person(event.email, event.firstName, event.lastName),
  };
  if (event.decision === 'REJECTED') {
    return { organizationId: event.organizationId, type: 'JOIN_REQUEST_REJECTED', recipient: event.email, values, flags: {}, sealedValues: {} };
  }
  return {
    organizationId: event.organizationId,
    type: 'JOIN_REQUEST_APPROVED',
    recipient: event.email,
    values: {
      ...values,
      loginUrl: link(ctx, '/login', { org: event.organizationSlug }),
      setPasswordUrl: link(ctx, '/reset-password', { email: event.email, org: event.organizationSlug }),
    },
    flags: { accountCreated: event.accountCreated },
    sealedValues: {},
  };
}

export interface CreationInvitationFacts {
  email: string;
  orgName: string;
  sealedToken: string;
  expiresAt: string;
  occurredAt: string;
}

/** organisation.creation-invitation.created → the platform's email with the link `/create-organisation?token=…` (sealed). */
export function creationInvitationEmail(ctx: EmailContext, event: CreationInvitationFacts): EmailRequest {
  const token = ctx.open(event.sealedToken);
  const days = Math.max(1, Math.round(minutesBetween(event.occurredAt, event.expiresAt, 7 * 24 * 60) / (24 * 60)));
  return {
    organizationId: null,
    type: 'CREATION_INVITATION',
    recipient: event.email,
    values: {
      ...platform(ctx),
      'org.name': event.orgName || ctx.platformName,
      'org.slug': '',
      ...person(event.email, '', ''),
      suggestedOrgName: event.orgName,
      expiresInDays: String(days),
    },
    flags: { hasSuggestedName: event.orgName !== '' },
    sealedValues: sealAll(ctx, { createUrl: link(ctx, '/create-organisation', { token }) }),
  };
}
