import { status } from '@grpc/grpc-js';
import { organisationEventsV1 } from '@platform/proto';
import { failure } from '@platform/testing';
import { CREATE_WITH_OWNER_STEPS } from '../src/app/create-with-owner';
import { startOrganisationHarness, type OrganisationHarness } from './organisation-harness';

describe('create-with-owner (saga)', () => {
  let h: OrganisationHarness;
  let sys: string;
  const request = (slug: string, ownerEmail = `owner@${slug}.org`, sendWelcomeEmail = true) => ({
    orgName: `Org ${slug}`,
    orgSlug: slug,
    ownerEmail,
    ownerFirstName: 'Olga',
    ownerLastName: 'Owner',
    sendWelcomeEmail,
  });
  const createWithOwner = (slug: string, ownerEmail?: string, token = sys) => h.call('createOrganisationWithOwner', request(slug, ownerEmail), token);
  /** Nothing of the organisation is left: no row, no role, no membership, its slug free. */
  const leftNothing = async (slug: string) => {
    expect(await h.sql('SELECT id FROM organisation WHERE slug = $1', [slug])).toEqual([]);
    expect(await h.sql('SELECT m.id FROM membership m LEFT JOIN organisation o ON o.id = m.organisation_id WHERE o.id IS NULL')).toEqual([]);
    expect(await h.sql('SELECT r.id FROM role r LEFT JOIN organisation o ON o.id = r.organisation_id WHERE o.id IS NULL')).toEqual([]);
    expect((await failure(h.call('getOrganisationBySlug', { slug })))?.code).toBe(status.NOT_FOUND);
  };

  beforeAll(async () => {
    h = await startOrganisationHarness('org-saga');
    sys = h.tokens.system();
  });
  afterEach(() => h.failSagaBefore(undefined));
  afterAll(async () => h?.stop());

  it('creates the organisation (subdomain = slug, type ASSOCIATION), a new owner account and its ACTIVE OWNER membership', async () => {
    let reply: Awaited<ReturnType<typeof createWithOwner>> | undefined;
    const data = await h.nextMessage('organisation.organisation.created', async () => {
      reply = await createWithOwner('saga-ok');
    });
    expect(reply!.organization).toMatchObject({
      name: 'Org saga-ok',
      slug: 'saga-ok',
      subdomain: 'saga-ok',
      orgType: 'ASSOCIATION',
      email: 'owner@saga-ok.org',
    });
    expect(reply!.owner).toMatchObject({ email: 'owner@saga-ok.org', firstName: 'Olga', lastName: 'Owner', status: 'ACTIVE', roles: ['OWNER'] });
    expect(reply!.ownerAccountCreated).toBe(true);
    expect(h.identity.accounts.get(reply!.owner!.id)).toMatchObject({ hasPassword: false });
    expect(organisationEventsV1.OrganisationCreated.decode(data!)).toMatchObject({
      organizationId: reply!.organization!.id,
      ownerAccountId: reply!.owner!.id,
      ownerEmail: 'owner@saga-ok.org',
      ownerAccountCreated: true,
      sendWelcomeEmail: true,
    });
    const memberships = await h.call('listAccountMemberships', { accountId: reply!.owner!.id }, h.tokens.service('identity'));
    expect(memberships.memberships).toEqual([
      expect.objectContaining({ organizationId: reply!.organization!.id, organizationSlug: 'saga-ok', role: 'OWNER', status: 'ACTIVE' }),
    ]);
  });

  it('reuses an existing account as the owner', async () => {
    const existing = h.identity.addAccount({ email: 'existing.owner@example.org', firstName: 'Olga', lastName: 'Owner', hasPassword: true });
    const reply = await createWithOwner('saga-reuse', 'Existing.Owner@example.org');
    expect(reply).toMatchObject({ ownerAccountCreated: false, owner: { id: existing.id, roles: ['OWNER'] } });
  });

  it.each(CREATE_WITH_OWNER_STEPS.map((step, i) => [step, i] as const))('undoes everything when the saga fails before step %s', async (step) => {
    const slug = `saga-fail-${step.toLowerCase()}`;
    const accountsBefore = h.identity.accounts.size;
    const discardedBefore = h.identity.discarded.length;
    h.failSagaBefore(step);
    const err = await failure(createWithOwner(slug));
    expect(err?.code).toBe(status.INTERNAL);
    await leftNothing(slug);
    // The account made for the owner (ensureOwnerAccount) is discarded when a later step fails.
    expect(h.identity.accounts.size).toBe(accountsBefore);
    const afterAccount = CREATE_WITH_OWNER_STEPS.indexOf(step) > CREATE_WITH_OWNER_STEPS.indexOf('ensureOwnerAccount');
    expect(h.identity.discarded.length - discardedBefore).toBe(afterAccount ? 1 : 0);
    h.failSagaBefore(undefined);
    expect((await createWithOwner(slug)).organization).toMatchObject({ slug });
  });

  it('keeps an existing owner account when a later step fails', async () => {
    const existing = h.identity.addAccount({ email: 'kept.owner@example.org' });
    h.failSagaBefore('attachOwner');
    await failure(createWithOwner('saga-kept', 'kept.owner@example.org'));
    expect(h.identity.accounts.has(existing.id)).toBe(true);
    expect(h.identity.discarded).not.toContain(existing.id);
    await leftNothing('saga-kept');
  });

  it('removes the organisation again when identity is unavailable (UNAVAILABLE)', async () => {
    h.identity.failNext('ensureAccount', status.UNAVAILABLE);
    expect((await failure(createWithOwner('saga-down')))?.code).toBe(status.UNAVAILABLE);
    await leftNothing('saga-down');
  });

  it('answers ALREADY_EXISTS for a taken slug, before any account is made', async () => {
    await createWithOwner('saga-taken');
    const accountsBefore = h.identity.accounts.size;
    expect((await failure(createWithOwner('saga-taken', 'someone.else@example.org')))?.code).toBe(status.ALREADY_EXISTS);
    expect(h.identity.accounts.size).toBe(accountsBefore);
  });

  it('refuses bad input (400) and callers who are not platform administrators (403)', async () => {
    for (const bad of [{ orgSlug: 'Bad Slug' }, { orgSlug: 'www' }, { orgName: '' }, { ownerEmail: 'nope' }, { ownerFirstName: '' }]) {
      const err = await failure(h.call('createOrganisationWithOwner', { ...request('saga-bad'), ...bad }, sys));
      expect([bad, err?.code]).toEqual([bad, status.INVALID_ARGUMENT]);
    }
    const org = await createWithOwner('saga-perm');
    const ownerToken = h.tokens.org(org.organization!.id, 'OWNER', org.owner!.id);
    for (const token of [ownerToken, h.tokens.system('SUPPORT_ADMIN')]) {
      expect((await failure(createWithOwner('saga-perm-2', undefined, token)))?.code).toBe(status.PERMISSION_DENIED);
    }
    await leftNothing('saga-perm-2');
  });
});
