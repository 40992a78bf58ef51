import { status } from '@grpc/grpc-js';
import { failure } from '@platform/testing';
import { startOrganisationHarness, type OrganisationHarness } from './organisation-harness';

/** An organisation's custom domain: the host the old mobile app calls (/api/v1 on the gateway) to name it. */
describe('custom domains', () => {
  let h: OrganisationHarness;
  let sys: string;
  const create = (slug: string) =>
    h.call('createOrganisation', { name: `Club ${slug}`, slug, subdomain: slug, email: `contact@${slug}.org`, orgType: 'ASSOCIATION' }, sys);

  beforeAll(async () => {
    h = await startOrganisationHarness('org-domains');
    sys = h.tokens.system();
  });
  afterAll(async () => h?.stop());

  it('lets an admin set one, stored in lower case without the trailing dot, and finds the organisation by it without a token', async () => {
    const org = await create('domain-club');
    expect(org.customDomain).toBeUndefined();
    const updated = await h.call('updateOrganisation', { id: org.id, customDomain: ' Members.Domain-Club.ORG. ' }, h.tokens.org(org.id, 'ADMIN'));
    expect(updated).toMatchObject({ customDomain: 'members.domain-club.org', name: 'Club domain-club' });
    for (const asked of ['members.domain-club.org', 'MEMBERS.Domain-Club.org', 'members.domain-club.org.']) {
      expect(await h.call('getOrganisationByDomain', { domain: asked })).toMatchObject({ id: org.id, customDomain: 'members.domain-club.org' });
    }
    expect((await h.call('updateOrganisation', { id: org.id, name: 'Renamed' }, sys)).customDomain).toBe('members.domain-club.org');
  });

  it('removes it with an empty value: the host then names no organisation', async () => {
    const org = await create('domain-gone');
    await h.call('updateOrganisation', { id: org.id, customDomain: 'app.domain-gone.org' }, sys);
    const cleared = await h.call('updateOrganisation', { id: org.id, customDomain: '' }, h.tokens.org(org.id, 'OWNER'));
    expect(cleared.customDomain).toBeUndefined();
    expect((await failure(h.call('getOrganisationByDomain', { domain: 'app.domain-gone.org' })))?.code).toBe(status.NOT_FOUND);
  });

  it('answers ALREADY_EXISTS (409) for a domain another live organisation has, and frees it when that one is deleted', async () => {
    const first = await create('domain-first');
    const second = await create('domain-second');
    await h.call('updateOrganisation', { id: first.id, customDomain: 'shared.example.org' }, sys);
    const err = await failure(h.call('updateOrganisation', { id: second.id, customDomain: 'SHARED.example.org' }, sys));
    expect(err?.code).toBe(status.ALREADY_EXISTS);
    expect(err?.details).toContain('shared.example.org');
    expect((await h.call('getOrganisation', { id: second.id }, sys)).customDomain).toBeUndefined();

    await h.call('deleteOrganisation', { id: first.id }, sys);
    expect((await h.call('updateOrganisation', { id: second.id, customDomain: 'shared.example.org' }, sys)).customDomain).toBe('shared.example.org');
    expect((await h.call('getOrganisationByDomain', { domain: 'shared.example.org' })).id).toBe(second.id);
  });

  it('refuses what is not a host name (INVALID_ARGUMENT, 400) and changes nothing', async () => {
    const org = await create('domain-bad');
    await h.call('updateOrganisation', { id: org.id, customDomain: 'good.domain-bad.org' }, sys);
    for (const bad of ['https://x.example.org', 'localhost', '10.0.0.1', 'a_b.example.org', 'x.example.org/path']) {
      const err = await failure(h.call('updateOrganisation', { id: org.id, customDomain: bad }, sys));
      expect(err?.code).toBe(status.INVALID_ARGUMENT);
    }
    expect((await h.call('getOrganisation', { id: org.id }, sys)).customDomain).toBe('good.domain-bad.org');
    expect((await failure(h.call('getOrganisationByDomain', { domain: 'not a host' })))?.code).toBe(status.INVALID_ARGUMENT);
  });

  it('is set only by the organisation’s admins', async () => {
    const org = await create('domain-scope');
    for (const token of [h.tokens.org(org.id, 'MEMBER'), h.tokens.org(org.id, 'MANAGER')]) {
      expect((await failure(h.call('updateOrganisation', { id: org.id, customDomain: 'taken.domain-scope.org' }, token)))?.code).toBe(status.PERMISSION_DENIED);
    }
    expect((await h.call('getOrganisation', { id: org.id }, sys)).customDomain).toBeUndefined();
  });
});
