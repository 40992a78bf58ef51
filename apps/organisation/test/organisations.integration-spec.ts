import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { organisationEventsV1 } from '@platform/proto';
import { failure } from '@platform/testing';
import { startOrganisationHarness, type OrganisationHarness } from './organisation-harness';

describe('organisations', () => {
  let h: OrganisationHarness;
  let sys: string;
  const create = (slug: string, overrides: Record<string, string> = {}) =>
    h.call('createOrganisation', { name: `Club ${slug}`, slug, subdomain: slug, email: `contact@${slug}.org`, orgType: 'ASSOCIATION', ...overrides }, sys);

  beforeAll(async () => {
    h = await startOrganisationHarness('org-orgs');
    sys = h.tokens.system();
  });
  afterAll(async () => h?.stop());

  describe('creation (sys)', () => {
    it('creates an organisation with its fields and publishes organisation.organisation.created', async () => {
      let org: Awaited<ReturnType<typeof create>> | undefined;
      const data = await h.nextMessage('organisation.organisation.created', async () => {
        org = await create('alpha', { name: 'Alpha Association' });
      });
      expect(org).toMatchObject({
        name: 'Alpha Association',
        slug: 'alpha',
        subdomain: 'alpha',
        email: 'contact@alpha.org',
        orgType: 'ASSOCIATION',
        description: '',
        websiteUrl: '',
        allowJoinRequests: false,
      });
      expect(org!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(organisationEventsV1.OrganisationCreated.decode(data!)).toMatchObject({
        organizationId: org!.id,
        slug: 'alpha',
        ownerAccountId: '',
        sendWelcomeEmail: false,
      });
    });

    it('seeds the five roles, each with a stable roleId', async () => {
      const org = await create('roles-club');
      const first = await h.call('listOrganisationRoles', { id: org.id }, h.tokens.org(org.id, 'ADMIN'));
      expect(first.roles.map((r) => r.name)).toEqual(['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST']);
      for (const role of first.roles) expect(role.roleId).toMatch(/^[0-9a-f-]{36}$/);
      const again = await h.call('listOrganisationRoles', { id: org.id }, sys);
      expect(again.roles).toEqual(first.roles);
      const other = await create('roles-other');
      const otherRoles = await h.call('listOrganisationRoles', { id: other.id }, sys);
      expect(otherRoles.roles.map((r) => r.roleId)).not.toContain(first.roles[0]!.roleId);
    });

    it('shows the roles to admins of the organisation only', async () => {
      const org = await create('roles-scope');
      for (const token of [
        h.tokens.org(org.id, 'MANAGER'),
        h.tokens.org(org.id, 'MEMBER'),
        h.tokens.org(org.id, 'GUEST'),
        h.tokens.org(randomUUID(), 'OWNER'),
      ]) {
        expect((await failure(h.call('listOrganisationRoles', { id: org.id }, token)))?.code).toBe(status.PERMISSION_DENIED);
      }
      expect((await failure(h.call('listOrganisationRoles', { id: randomUUID() }, sys)))?.code).toBe(status.NOT_FOUND);
    });

    it('answers ALREADY_EXISTS (409) when the slug or subdomain is taken by a live organisation', async () => {
      await create('taken');
      expect((await failure(create('taken', { subdomain: 'free-sub' })))?.code).toBe(status.ALREADY_EXISTS);
      const err = await failure(create('free-slug', { subdomain: 'taken' }));
      expect(err?.code).toBe(status.ALREADY_EXISTS);
      expect(err?.details).toContain('subdomain');
    });

    it('lets only one of two concurrent creations of a slug succeed', async () => {
      const results = await Promise.allSettled([create('race'), create('race'), create('race')]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    });

    it('refuses bad slugs, subdomains, emails, names and an unknown orgType with INVALID_ARGUMENT (400)', async () => {
      for (const bad of [
        { slug: 'Upper' },
        { slug: 'a_b' },
        { slug: '-edge' },
        { subdomain: 'www' },
        { email: 'nope' },
        { name: '' },
        { orgType: 'PARTY' },
        { orgType: '' },
      ] as Record<string, string>[]) {
        const err = await failure(create('valid-slug', bad));
        expect([bad, err?.code]).toEqual([bad, status.INVALID_ARGUMENT]);
      }
    });

    it('is refused to organisation users and to non-platform-admin staff (PERMISSION_DENIED)', async () => {
      const org = await create('perm');
      for (const token of [h.tokens.org(org.id, 'OWNER'), h.tokens.system('SUPPORT_ADMIN'), h.tokens.system('READ_ONLY_ADMIN')]) {
        const err = await failure(h.call('createOrganisation', { name: 'X', slug: 'xx', subdomain: 'xx', email: 'x@x.org', orgType: 'CLUB' }, token));
        expect(err?.code).toBe(status.PERMISSION_DENIED);
      }
      expect((await failure(h.call('createOrganisation', { name: 'X', slug: 'xx', subdomain: 'xx', email: 'x@x.org', orgType: 'CLUB' })))?.code).toBe(
        status.UNAUTHENTICATED,
      );
    });
  });

  describe('reading', () => {
    let org: Awaited<ReturnType<typeof create>>;
    beforeAll(async () => {
      org = await create('readable');
    });

    it('gives an organisation to its own members, whatever their role', async () => {
      for (const role of ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST'] as const) {
        expect(await h.call('getOrganisation', { id: org.id }, h.tokens.org(org.id, role))).toMatchObject({ id: org.id, slug: 'readable' });
      }
      expect(await h.call('getOrganisation', { id: org.id }, h.tokens.system('SUPPORT_ADMIN'))).toMatchObject({ id: org.id });
    });

    it("refuses another organisation's token (PERMISSION_DENIED), never giving data", async () => {
      const err = await failure(h.call('getOrganisation', { id: org.id }, h.tokens.org(randomUUID(), 'OWNER')));
      expect(err?.code).toBe(status.PERMISSION_DENIED);
      expect(err?.details).not.toContain('readable');
    });

    it('answers NOT_FOUND for an unknown id and INVALID_ARGUMENT for a malformed one', async () => {
      expect((await failure(h.call('getOrganisation', { id: randomUUID() }, sys)))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('getOrganisation', { id: 'nope' }, sys)))?.code).toBe(status.INVALID_ARGUMENT);
    });

    it('finds an organisation by slug and by subdomain without a token, whatever the case', async () => {
      expect(await h.call('getOrganisationBySlug', { slug: 'Readable' })).toMatchObject({ id: org.id });
      expect(await h.call('getOrganisationBySubdomain', { subdomain: 'readable' })).toMatchObject({ id: org.id });
      expect((await failure(h.call('getOrganisationBySlug', { slug: 'unknown-slug' })))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('getOrganisationBySubdomain', { subdomain: 'not a subdomain!' })))?.code).toBe(status.INVALID_ARGUMENT);
    });

    it('lists live organisations to platform administrators, paged, sorted and searched', async () => {
      const page = await h.call('listOrganisations', { page: 0, size: 2, sort: 'slug,asc', search: '' }, sys);
      expect(page.content).toHaveLength(2);
      expect(page.size).toBe(2);
      expect(page.page).toBe(0);
      expect(page.totalElements).toBeGreaterThanOrEqual(4);
      expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
      const slugs = page.content.map((o) => o.slug);
      expect(slugs).toEqual([...slugs].sort());
      const found = await h.call('listOrganisations', { sort: '', search: 'READABLE' }, sys);
      expect(found.content.map((o) => o.slug)).toEqual(['readable']);
      expect(found.size).toBe(20);
    });

    it('refuses bad page, size and sort values with INVALID_ARGUMENT (400)', async () => {
      for (const bad of [{ page: -1 }, { size: 0 }, { size: 101 }, { sort: 'secret,asc' }, { sort: 'name,up' }]) {
        const err = await failure(h.call('listOrganisations', { sort: '', search: '', ...bad }, sys));
        expect([bad, err?.code]).toEqual([bad, status.INVALID_ARGUMENT]);
      }
    });

    it('lists organisations only to platform administrators', async () => {
      expect((await failure(h.call('listOrganisations', { sort: '', search: '' }, h.tokens.org(org.id, 'OWNER'))))?.code).toBe(status.PERMISSION_DENIED);
    });

    it('answers health UP without a token', async () => {
      expect(await h.call('getHealth', {})).toEqual({ status: 'UP' });
    });
  });

  describe('update (admin)', () => {
    let org: Awaited<ReturnType<typeof create>>;
    beforeAll(async () => {
      org = await create('updatable');
    });

    it('sets name, description, website_url and allow_join_requests, keeping absent fields', async () => {
      const updated = await h.call(
        'updateOrganisation',
        { id: org.id, name: 'Renamed', description: 'About us', websiteUrl: 'https://updatable.org', allowJoinRequests: true },
        h.tokens.org(org.id, 'ADMIN'),
      );
      expect(updated).toMatchObject({
        name: 'Renamed',
        description: 'About us',
        websiteUrl: 'https://updatable.org',
        allowJoinRequests: true,
        slug: 'updatable',
      });
      const partial = await h.call('updateOrganisation', { id: org.id, description: '' }, h.tokens.org(org.id, 'OWNER'));
      expect(partial).toMatchObject({ name: 'Renamed', description: '', websiteUrl: 'https://updatable.org', allowJoinRequests: true });
      expect(await h.call('updateOrganisation', { id: org.id }, sys)).toMatchObject({ name: 'Renamed', allowJoinRequests: true });
      expect((await failure(h.call('updateOrganisation', { id: randomUUID(), name: 'Ghost' }, sys)))?.code).toBe(status.NOT_FOUND);
    });

    it('refuses MANAGER, MEMBER and GUEST, and admins of another organisation', async () => {
      for (const token of [
        h.tokens.org(org.id, 'MANAGER'),
        h.tokens.org(org.id, 'MEMBER'),
        h.tokens.org(org.id, 'GUEST'),
        h.tokens.org(randomUUID(), 'ADMIN'),
      ]) {
        expect((await failure(h.call('updateOrganisation', { id: org.id, name: 'Hacked' }, token)))?.code).toBe(status.PERMISSION_DENIED);
      }
      expect((await h.call('getOrganisation', { id: org.id }, sys)).name).toBe('Renamed');
    });

    it('refuses a website that is not an http(s) URL and an empty name', async () => {
      expect((await failure(h.call('updateOrganisation', { id: org.id, websiteUrl: 'javascript:alert(1)' }, sys)))?.code).toBe(status.INVALID_ARGUMENT);
      expect((await failure(h.call('updateOrganisation', { id: org.id, name: ' ' }, sys)))?.code).toBe(status.INVALID_ARGUMENT);
    });
  });

  describe('deletion (owner)', () => {
    it('refuses ADMIN and lets the OWNER soft-delete: the organisation is gone and its slug free again', async () => {
      const org = await create('doomed');
      expect((await failure(h.call('deleteOrganisation', { id: org.id }, h.tokens.org(org.id, 'ADMIN'))))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(h.call('deleteOrganisation', { id: org.id }, h.tokens.org(randomUUID(), 'OWNER'))))?.code).toBe(status.PERMISSION_DENIED);
      const deleted = await h.nextMessage('organisation.organisation.deleted', () =>
        h.call('deleteOrganisation', { id: org.id }, h.tokens.org(org.id, 'OWNER')),
      );
      expect(organisationEventsV1.OrganisationDeleted.decode(deleted!)).toMatchObject({ organizationId: org.id, slug: 'doomed' });
      expect((await failure(h.call('getOrganisation', { id: org.id }, sys)))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('getOrganisationBySlug', { slug: 'doomed' })))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('deleteOrganisation', { id: org.id }, sys)))?.code).toBe(status.NOT_FOUND);
      const [row] = await h.sql<{ deleted_at: Date | null }>('SELECT deleted_at FROM organisation WHERE id = $1', [org.id]);
      expect(row?.deleted_at).toBeInstanceOf(Date);
      expect((await create('doomed')).slug).toBe('doomed');
    });

    it('lets a SUPER_ADMIN delete any organisation', async () => {
      const org = await create('doomed-too');
      await h.call('deleteOrganisation', { id: org.id }, sys);
      expect((await failure(h.call('getOrganisation', { id: org.id }, sys)))?.code).toBe(status.NOT_FOUND);
    });
  });
});
