import type { EmailContext } from './email-requests';
import { membershipRenewalEmail } from './organisation-emails';

const ctx: EmailContext = { appUrl: 'https://app.example.org', platformName: 'Platform', seal: (s) => s, open: (s) => s };

describe('organisation emails', () => {
  it('turns a renewal reminder into the MEMBERSHIP_RENEWAL email of the organisation', () => {
    const base = {
      organizationId: 'o1',
      organizationName: 'Alpha',
      organizationSlug: 'alpha',
      email: 'mia@example.org',
      firstName: 'Mia',
      lastName: 'M',
      membershipTypeName: 'Full',
      endDate: '2027-01-31',
      price: { value: '25.00' },
      currency: 'EUR',
    };
    const email = membershipRenewalEmail(ctx, { ...base, daysLeft: 30 });
    expect(email).toMatchObject({
      organizationId: 'o1',
      type: 'MEMBERSHIP_RENEWAL',
      recipient: 'mia@example.org',
      flags: { isLastReminder: false, isPaid: true },
    });
    expect(email.values).toMatchObject({
      'membership.endDate': '2027-01-31',
      'membership.daysLeft': '30',
      'membership.price': '25.00',
      loginUrl: 'https://app.example.org/login?org=alpha',
    });
    expect(membershipRenewalEmail(ctx, { ...base, daysLeft: 7, price: { value: '0.00' } }).flags).toEqual({ isLastReminder: true, isPaid: false });
  });

  it('leaves the price line out of a reminder that carries no price (published before prices were decimals)', () => {
    const email = membershipRenewalEmail(ctx, {
      organizationId: 'o1',
      organizationName: 'Alpha',
      organizationSlug: 'alpha',
      email: 'mia@example.org',
      firstName: 'Mia',
      lastName: 'M',
      membershipTypeName: 'Full',
      endDate: '2027-01-31',
      daysLeft: 30,
      currency: 'JPY',
    });
    expect(email.flags).toEqual({ isLastReminder: false, isPaid: false });
  });
});
