import {
  creationInvitationEmail,
  invitationEmail,
  joinRequestDecisionEmail,
  minutesBetween,
  passwordResetEmail,
  verificationEmail,
  welcomeEmail,
  type EmailContext,
} from './email-requests';

const ctx: EmailContext = {
  appUrl: 'https://app.test',
  platformName: 'Platform',
  seal: (plain) => `sealed(${plain})`,
  open: (sealed) => sealed.replace(/^sealed\((.*)\)$/, '$1'),
};

describe('emails from events', () => {
  it('puts the verification link (token URL-encoded) among the sealed values only', () => {
    const email = verificationEmail(ctx, { email: 'a@x.test', firstName: 'Ann', lastName: 'Lee', sealedToken: 'sealed(t/+=)' });
    expect(email).toMatchObject({ organizationId: null, type: 'EMAIL_VERIFICATION', recipient: 'a@x.test' });
    expect(email.sealedValues).toEqual({ token: 'sealed(t/+=)', verificationUrl: 'sealed(https://app.test/verify-email?token=t%2F%2B%3D)' });
    expect(JSON.stringify(email.values)).not.toContain('t/+=');
    expect(email.values).toMatchObject({ 'org.name': 'Platform', 'user.firstName': 'Ann', expiresInDays: '7' });
  });

  it('carries the reset code sealed, with its lifetime and the resend flag', () => {
    const email = passwordResetEmail(ctx, {
      email: 'b@x.test',
      firstName: 'Bob',
      lastName: 'Ray',
      sealedCode: 'sealed(123456)',
      occurredAt: '2026-01-01T10:00:00Z',
      expiresAt: '2026-01-01T10:30:00Z',
      resend: true,
    });
    expect(email).toMatchObject({ type: 'PASSWORD_RESET', flags: { resend: true }, sealedValues: { code: 'sealed(123456)' } });
    expect(email.values).toMatchObject({ expiresInMinutes: '30', resetUrl: 'https://app.test/reset-password?email=b%40x.test' });
  });

  it("invites with the organisation's name and the set-password link when the account is new", () => {
    const email = invitationEmail(ctx, {
      organizationId: 'o1',
      organizationName: 'Club',
      organizationSlug: 'club',
      email: 'c@x.test',
      firstName: 'Cy',
      lastName: 'Do',
      role: 'MEMBER',
      accountCreated: true,
    });
    expect(email).toMatchObject({ organizationId: 'o1', type: 'INVITATION', flags: { accountCreated: true, hasAcceptUrl: false, hasMessage: false } });
    expect(email.values).toMatchObject({
      'org.name': 'Club',
      role: 'MEMBER',
      loginUrl: 'https://app.test/login?org=club',
      setPasswordUrl: 'https://app.test/reset-password?email=c%40x.test&org=club',
    });
  });

  it("puts an invitation's accept link (with the token) among the sealed values, with the message", () => {
    const email = invitationEmail(ctx, {
      organizationId: 'o1',
      organizationName: 'Club',
      organizationSlug: 'club',
      email: 'c@x.test',
      firstName: 'Cy',
      lastName: 'Do',
      role: 'ADMIN',
      accountCreated: false,
      acceptToken: { ciphertext: 'sealed(tok-1)' },
      message: 'Welcome aboard',
    });
    expect(email.flags).toEqual({ accountCreated: false, hasAcceptUrl: true, hasMessage: true });
    expect(email.sealedValues).toEqual({ acceptUrl: 'sealed(https://app.test/invitations/accept?org=o1&token=tok-1)' });
    expect(JSON.stringify(email.values)).not.toContain('tok-1');
    expect(email.values['message']).toBe('Welcome aboard');
  });

  it('answers a join-request decision with the approval (set-password link) or the rejection', () => {
    const facts = { organizationId: 'o1', organizationName: 'Club', organizationSlug: 'club', email: 'j@x.test', firstName: 'Jo', lastName: 'Lee' };
    expect(joinRequestDecisionEmail(ctx, { ...facts, decision: 'APPROVED', accountCreated: true })).toMatchObject({
      type: 'JOIN_REQUEST_APPROVED',
      flags: { accountCreated: true },
      values: { setPasswordUrl: 'https://app.test/reset-password?email=j%40x.test&org=club' },
    });
    expect(joinRequestDecisionEmail(ctx, { ...facts, decision: 'REJECTED', accountCreated: false })).toMatchObject({
      type: 'JOIN_REQUEST_REJECTED',
      recipient: 'j@x.test',
    });
    expect(joinRequestDecisionEmail(ctx, { ...facts, decision: 'MAYBE', accountCreated: false })).toBeNull();
  });

  it('invites to create an organisation with a sealed link and the days it lasts', () => {
    const email = creationInvitationEmail(ctx, {
      email: 'e@x.test',
      orgName: 'Chess Club',
      sealedToken: 'sealed(ct-1)',
      occurredAt: '2026-01-01T10:00:00Z',
      expiresAt: '2026-01-08T10:00:00Z',
    });
    expect(email).toMatchObject({
      organizationId: null,
      type: 'CREATION_INVITATION',
      flags: { hasSuggestedName: true },
      values: { expiresInDays: '7', suggestedOrgName: 'Chess Club' },
    });
    expect(email.sealedValues).toEqual({ createUrl: 'sealed(https://app.test/create-organisation?token=ct-1)' });
  });

  it('welcomes the owner only when create-with-owner asked for it', () => {
    const event = {
      organizationId: 'o1',
      name: 'Club',
      slug: 'club',
      ownerEmail: 'd@x.test',
      ownerFirstName: 'Di',
      ownerLastName: 'Ek',
      ownerAccountCreated: false,
      sendWelcomeEmail: true,
    };
    expect(welcomeEmail(ctx, event)).toMatchObject({ type: 'WELCOME', recipient: 'd@x.test', flags: { accountCreated: false } });
    expect(welcomeEmail(ctx, { ...event, sendWelcomeEmail: false })).toBeNull();
    expect(welcomeEmail(ctx, { ...event, ownerEmail: '' })).toBeNull();
  });

  it('counts minutes between instants, with a fallback', () => {
    expect(minutesBetween('2026-01-01T10:00:00Z', '2026-01-01T10:15:00Z', 5)).toBe(15);
    expect(minutesBetween('', '2026-01-01T10:15:00Z', 5)).toBe(5);
  });
});
