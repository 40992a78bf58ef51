import { status } from '@grpc/grpc-js';
import { failure } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

/** The system setting maxOrganisationsPerUser, read from identity (the fake here). */
describe('maxOrganisationsPerUser', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;
  let c: NewOrganization;
  let d: NewOrganization;

  const add = (org: NewOrganization, email: string, sendInvitationEmail = false) =>
    h.call('addMember', { organizationId: org.org.id, email, firstName: 'Lim', lastName: 'Ited', roleId: '', sendInvitationEmail }, org.ownerToken);
  const setStatus = (org: NewOrganization, userId: string, next: string) =>
    h.call('updateMember', { organizationId: org.org.id, userId, status: next }, org.ownerToken);
  const remove = (org: NewOrganization, userId: string) => h.call('removeMember', { organizationId: org.org.id, userId }, org.ownerToken);
  const refusal = async (promise: Promise<unknown>) => {
    const err = await failure(promise);
    return err && { code: err.code, details: err.details };
  };
  const limitReached = (n: number) => ({ code: status.ALREADY_EXISTS, details: `The user already belongs to the maximum of ${n} organisations` });
  const memberships = async (accountId: string) =>
    (await h.call('listAccountMemberships', { accountId }, h.tokens.service('identity'))).memberships.map((m) => [m.organizationSlug, m.status]);

  beforeAll(async () => {
    h = await startOrganisationHarness('org-limit');
    [a, b, c, d] = await Promise.all(['limit-a', 'limit-b', 'limit-c', 'limit-d'].map((slug) => h.newOrganization(slug)));
  });
  beforeEach(() => {
    h.identity.settings.maxOrganisationsPerUser = 2;
  });
  afterAll(async () => h?.stop());

  it('refuses a membership beyond the limit with ALREADY_EXISTS (409) naming it; the account keeps the others', async () => {
    const person = await add(a, 'full@example.org');
    await add(b, 'full@example.org', true);
    expect(await refusal(add(c, 'full@example.org'))).toEqual(limitReached(2));
    expect(await memberships(person.id)).toEqual([
      ['limit-a', 'ACTIVE'],
      ['limit-b', 'PENDING'],
    ]);
  });

  it('counts PENDING, ACTIVE and SUSPENDED memberships, not INACTIVE or REJECTED ones', async () => {
    const person = await add(a, 'counted@example.org');
    await add(b, 'counted@example.org');
    await setStatus(b, person.id, 'SUSPENDED');
    expect(await refusal(add(c, 'counted@example.org'))).toEqual(limitReached(2));

    await remove(b, person.id);
    await add(c, 'counted@example.org');
    expect(await refusal(add(d, 'counted@example.org'))).toEqual(limitReached(2));

    await setStatus(c, person.id, 'REJECTED');
    expect(await add(d, 'counted@example.org')).toMatchObject({ id: person.id, status: 'ACTIVE' });
  });

  it('refuses to restart an ended membership beyond the limit, by PUT with a running status or by adding again', async () => {
    const person = await add(a, 'restart@example.org');
    await add(b, 'restart@example.org');
    await remove(b, person.id);
    await add(c, 'restart@example.org');

    for (const next of ['ACTIVE', 'PENDING', 'SUSPENDED']) expect(await refusal(setStatus(b, person.id, next))).toEqual(limitReached(2));
    expect(await refusal(add(b, 'restart@example.org'))).toEqual(limitReached(2));
    // Changes that start nothing are not limited.
    expect(await setStatus(b, person.id, 'REJECTED')).toMatchObject({ status: 'REJECTED' });
    expect(await h.call('updateMember', { organizationId: a.org.id, userId: person.id, roleId: a.roles['MANAGER'] }, a.ownerToken)).toMatchObject({
      roles: ['MANAGER'],
    });

    await remove(c, person.id);
    expect(await setStatus(b, person.id, 'ACTIVE')).toMatchObject({ status: 'ACTIVE' });
  });

  it('applies to the owner of create-with-owner, and the saga leaves nothing behind', async () => {
    const owner = await add(a, 'busy.owner@example.org');
    await add(b, 'busy.owner@example.org');
    const create = h.call(
      'createOrganisationWithOwner',
      {
        orgName: 'One Too Many',
        orgSlug: 'one-too-many',
        ownerEmail: 'busy.owner@example.org',
        ownerFirstName: 'Busy',
        ownerLastName: 'Owner',
        sendWelcomeEmail: false,
      },
      h.tokens.system(),
    );
    expect(await refusal(create)).toEqual(limitReached(2));
    expect((await failure(h.call('getOrganisationBySlug', { slug: 'one-too-many' })))?.code).toBe(status.NOT_FOUND);
    expect(await h.sql('SELECT id FROM organisation WHERE slug = $1', ['one-too-many'])).toEqual([]);
    expect(h.identity.accounts.has(owner.id)).toBe(true);
  });

  it('follows a change of the setting', async () => {
    await add(a, 'grows@example.org');
    await add(b, 'grows@example.org');
    expect(await refusal(add(c, 'grows@example.org'))).toEqual(limitReached(2));
    h.identity.settings.maxOrganisationsPerUser = 3;
    await add(c, 'grows@example.org');
    expect(await refusal(add(d, 'grows@example.org'))).toEqual(limitReached(3));
  });

  it('lets only one of two concurrent additions take the last place', async () => {
    const person = await add(a, 'racer@example.org');
    const results = await Promise.allSettled([add(b, 'racer@example.org'), add(c, 'racer@example.org'), add(d, 'racer@example.org')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.details)).toEqual([
      limitReached(2).details,
      limitReached(2).details,
    ]);
    expect(await memberships(person.id)).toHaveLength(2);
  });

  it('keeps enforcing the last value read while identity cannot answer the settings', async () => {
    await add(a, 'outage@example.org');
    await add(b, 'outage@example.org');
    h.identity.failNext('readSystemSettings', status.UNAVAILABLE);
    expect(await refusal(add(c, 'outage@example.org'))).toEqual(limitReached(2));
  });
});
