import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { ERROR_CODE_KEY } from '@platform/errors';
import { eventsCommonV1, type organisationV1 } from '@platform/proto';
import { failure, violationsOf } from '@platform/testing';
import { startOrganisationHarness, type NewOrganization, type OrganisationHarness } from './organisation-harness';

/** Issue 12: branding, legal pages and the member directory, on a real Postgres. */
describe('branding, legal pages and the member directory', () => {
  let h: OrganisationHarness;
  let a: NewOrganization;
  let b: NewOrganization;

  /** The audit events published while `during` runs, with their detail parsed. */
  const audits = async (during: () => Promise<unknown>) =>
    (await h.events('audit.recorded', during)).map((data) => {
      const { detailJson, ...event } = eventsCommonV1.AuditRecorded.decode(data);
      return { ...event, detail: JSON.parse(detailJson || '{}') as Record<string, unknown> };
    });
  const codeOf = (err: Awaited<ReturnType<typeof failure>>) => {
    const [raw] = err?.metadata?.get(ERROR_CODE_KEY) ?? [];
    return raw === undefined ? undefined : String(raw);
  };

  beforeAll(async () => {
    h = await startOrganisationHarness('org-branding-directory');
    a = await h.newOrganization('brand-a');
    b = await h.newOrganization('brand-b');
  });
  afterAll(async () => h?.stop());

  describe('branding', () => {
    const defaults = { primaryColor: '#1d4ed8', secondaryColor: '#64748b', fontFamily: 'system-ui, sans-serif', logoUrl: '' };

    it('answers the defaults for an organisation never branded, to members and to the public', async () => {
      expect(await h.call('getBranding', { orgId: a.org.id }, a.token('GUEST'))).toEqual(defaults);
      expect(await h.call('getPublicBranding', { slug: 'brand-a' }, '')).toEqual(defaults);
    });

    it('saves the fields given, keeps the others, and audits what changed', async () => {
      const adminId = randomUUID();
      let saved: organisationV1.Branding | undefined;
      const events = await audits(async () => {
        saved = await h.call(
          'updateBranding',
          { orgId: a.org.id, primaryColor: '#ABC', logoUrl: 'https://cdn.example.org/logo.png' },
          a.token('ADMIN', adminId),
        );
      });
      expect(saved).toEqual({ ...defaults, primaryColor: '#ABC', logoUrl: 'https://cdn.example.org/logo.png' });
      expect(events).toEqual([
        expect.objectContaining({
          action: 'BRANDING_UPDATED',
          userId: adminId,
          organizationId: a.org.id,
          resourceType: 'BRANDING',
          resourceId: a.org.id,
          detail: expect.objectContaining({ changed: ['primaryColor', 'logoUrl'], primaryColor: '#ABC', by: adminId, byRole: 'ADMIN' }),
        }),
      ]);
      const next = await h.call(
        'updateBranding',
        { orgId: a.org.id, secondaryColor: '#00ff00', fontFamily: '"Open Sans", Arial, sans-serif', logoUrl: '/api/storage/assets/logo-1.png' },
        a.ownerToken,
      );
      expect(next).toEqual({
        primaryColor: '#ABC',
        secondaryColor: '#00ff00',
        fontFamily: '"Open Sans", Arial, sans-serif',
        logoUrl: '/api/storage/assets/logo-1.png',
      });
      expect(await h.call('getBranding', { orgId: a.org.id }, a.token('MEMBER'))).toEqual(next);
      expect(await h.call('getPublicBranding', { slug: 'BRAND-A' }, '')).toEqual(next);
      expect(await h.call('updateBranding', { orgId: a.org.id, logoUrl: '' }, a.ownerToken)).toMatchObject({ logoUrl: '' });
      // Another organisation is untouched.
      expect(await h.call('getBranding', { orgId: b.org.id }, b.ownerToken)).toEqual(defaults);
    });

    it('refuses bad colours, fonts and logo URLs with a violation naming the field, and saves nothing', async () => {
      const before = await h.call('getBranding', { orgId: a.org.id }, a.ownerToken);
      const cases: Array<[Partial<organisationV1.UpdateBrandingRequest>, string, RegExp]> = [
        [{ primaryColor: 'red' }, 'primaryColor', /#rgb or #rrggbb/],
        [{ primaryColor: '#abcd' }, 'primaryColor', /#rgb or #rrggbb/],
        [{ secondaryColor: '#12345g' }, 'secondaryColor', /#rgb or #rrggbb/],
        [{ secondaryColor: '' }, 'secondaryColor', /#rgb or #rrggbb/],
        [{ fontFamily: 'Arial; } body { display:none' }, 'fontFamily', /font names/],
        [{ logoUrl: 'javascript:alert(1)' }, 'logoUrl', /http or https URL/],
        [{ logoUrl: 'ftp://example.org/logo.png' }, 'logoUrl', /http or https URL/],
        [{ logoUrl: '/api/storage/../secrets' }, 'logoUrl', /asset path/],
      ];
      for (const [change, field, message] of cases) {
        const err = await failure(h.call('updateBranding', { orgId: a.org.id, ...change }, a.ownerToken));
        expect(err?.code).toBe(status.INVALID_ARGUMENT);
        expect(violationsOf(err)).toEqual([{ field, message: expect.stringMatching(message) }]);
      }
      expect(await h.call('getBranding', { orgId: a.org.id }, a.ownerToken)).toEqual(before);
    });

    it('is for administrators of the organisation only; other organisations get 403, deleted ones 404', async () => {
      for (const role of ['MANAGER', 'MEMBER', 'GUEST'] as const) {
        expect((await failure(h.call('updateBranding', { orgId: a.org.id, primaryColor: '#000' }, a.token(role))))?.code).toBe(status.PERMISSION_DENIED);
      }
      expect((await failure(h.call('updateBranding', { orgId: a.org.id, primaryColor: '#000' }, b.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(h.call('getBranding', { orgId: a.org.id }, b.token('MEMBER'))))?.code).toBe(status.PERMISSION_DENIED);

      const gone = await h.newOrganization('brand-gone');
      await h.call('updateBranding', { orgId: gone.org.id, primaryColor: '#111' }, gone.ownerToken);
      await h.call('deleteOrganisation', { id: gone.org.id }, gone.ownerToken);
      expect((await failure(h.call('getPublicBranding', { slug: 'brand-gone' }, '')))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('getBranding', { orgId: gone.org.id }, h.tokens.system())))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('updateBranding', { orgId: gone.org.id, primaryColor: '#222' }, h.tokens.system())))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('getPublicBranding', { slug: 'no-such-org' }, '')))?.code).toBe(status.NOT_FOUND);
      const bad = await failure(h.call('getPublicBranding', { slug: 'Not a slug!' }, ''));
      expect(bad?.code).toBe(status.INVALID_ARGUMENT);
      expect(violationsOf(bad)).toEqual([{ field: 'slug', message: expect.any(String) }]);
    });
  });

  describe('legal pages', () => {
    it('answers empty pages before anything is written', async () => {
      expect(await h.call('getLegalPages', { id: b.org.id }, b.token('GUEST'))).toEqual({ termsOfService: '', privacyPolicy: '', cookiePolicy: '' });
      expect(await h.call('getPublicLegalPages', { slug: 'brand-b' }, '')).toEqual({ termsOfService: '', privacyPolicy: '', cookiePolicy: '' });
    });

    it('stores each page sanitised, keeps the pages not given, and audits which changed and which were cleaned', async () => {
      const saved = await h.call(
        'updateLegalPages',
        {
          id: a.org.id,
          termsOfService: '<h1>Terms</h1><p onclick="steal()">Be nice.</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
          privacyPolicy: '<p>We keep <strong>little</strong>.</p>',
        },
        a.token('ADMIN'),
      );
      expect(saved).toEqual({
        termsOfService: '<h1>Terms</h1><p>Be nice.</p><a rel="noopener noreferrer">x</a>',
        privacyPolicy: '<p>We keep <strong>little</strong>.</p>',
        cookiePolicy: '',
      });
      let after: organisationV1.LegalPages | undefined;
      const events = await audits(async () => {
        after = await h.call(
          'updateLegalPages',
          {
            id: a.org.id,
            cookiePolicy: '<p>Only <img src="/cookie.png" onerror="alert(1)" style="x">needed <iframe src="https://evil.example"></iframe>cookies.</p>',
          },
          a.ownerToken,
        );
      });
      expect(after).toEqual({ ...saved, cookiePolicy: '<p>Only <img src="/cookie.png" />needed cookies.</p>' });
      expect(events).toEqual([
        expect.objectContaining({
          action: 'LEGAL_PAGES_UPDATED',
          organizationId: a.org.id,
          resourceType: 'LEGAL_PAGES',
          detail: expect.objectContaining({ changed: ['cookiePolicy'], sanitised: ['cookiePolicy'] }),
        }),
      ]);
      expect(await h.call('getLegalPages', { id: a.org.id }, a.token('MEMBER'))).toEqual(after);
      expect(await h.call('getPublicLegalPages', { slug: 'brand-a' }, '')).toEqual(after);
      const [row] = await h.sql<{ terms_of_service: string }>('SELECT terms_of_service FROM legal_pages WHERE organisation_id = $1', [a.org.id]);
      expect(row!.terms_of_service).not.toMatch(/script|onclick|javascript/i);
      // Another organisation is untouched.
      expect(await h.call('getLegalPages', { id: b.org.id }, b.ownerToken)).toMatchObject({ termsOfService: '' });
    });

    it('answers PAYLOAD_TOO_LARGE past 200 KB of a page, and saves nothing', async () => {
      const before = await h.call('getLegalPages', { id: a.org.id }, a.ownerToken);
      const err = await failure(
        h.call('updateLegalPages', { id: a.org.id, termsOfService: `<p>${'x'.repeat(200 * 1024)}</p>`, cookiePolicy: '<p>ok</p>' }, a.ownerToken),
      );
      expect(err?.code).toBe(status.RESOURCE_EXHAUSTED);
      expect(codeOf(err)).toBe('PAYLOAD_TOO_LARGE');
      expect(violationsOf(err)).toEqual([{ field: 'termsOfService', message: 'must be at most 204800 bytes' }]);
      expect(await h.call('getLegalPages', { id: a.org.id }, a.ownerToken)).toEqual(before);
      // Exactly 200 KB is fine.
      const page = `<p>${'y'.repeat(200 * 1024 - 7)}</p>`;
      expect((await h.call('updateLegalPages', { id: a.org.id, privacyPolicy: page }, a.ownerToken)).privacyPolicy).toBe(page);
    });

    it('is for administrators of the organisation only; other organisations get 403, deleted ones 404', async () => {
      for (const role of ['MANAGER', 'MEMBER', 'GUEST'] as const) {
        expect((await failure(h.call('updateLegalPages', { id: a.org.id, termsOfService: '' }, a.token(role))))?.code).toBe(status.PERMISSION_DENIED);
      }
      expect((await failure(h.call('updateLegalPages', { id: a.org.id, termsOfService: '' }, b.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(h.call('getLegalPages', { id: a.org.id }, b.token('MEMBER'))))?.code).toBe(status.PERMISSION_DENIED);
      const gone = await h.newOrganization('legal-gone');
      await h.call('updateLegalPages', { id: gone.org.id, termsOfService: '<p>t</p>' }, gone.ownerToken);
      await h.call('deleteOrganisation', { id: gone.org.id }, gone.ownerToken);
      expect((await failure(h.call('getPublicLegalPages', { slug: 'legal-gone' }, '')))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('getLegalPages', { id: gone.org.id }, h.tokens.system())))?.code).toBe(status.NOT_FOUND);
    });
  });

  describe('the member directory', () => {
    let d: NewOrganization;
    const ids: Record<string, string> = {};
    const list = (query: Partial<organisationV1.ListDirectoryRequest> = {}, token = d.token('MEMBER')) =>
      h.call('listDirectory', { organizationId: d.org.id, search: '', sort: '', ...query }, token);
    const names = (page: organisationV1.DirectoryPage) => page.content.map((e) => `${e.firstName} ${e.lastName}`);
    const configure = (change: Partial<organisationV1.UpdateDirectoryConfigRequest>) =>
      h.call('updateDirectoryConfig', { organizationId: d.org.id, ...change }, d.ownerToken);

    beforeAll(async () => {
      d = await h.newOrganization('directory-d');
      const people: Array<[string, string, string]> = [
        ['ada', 'Ada', 'Lovelace'],
        ['alan', 'Alan', 'Turing'],
        ['grace', 'Grace', 'Hopper'],
        ['hidden', 'Hedy', 'Lamarr'],
        ['suspended', 'Sam', 'Suspended'],
        ['pending', 'Pat', 'Pending'],
        ['gone', 'Gus', 'Gone'],
      ];
      for (const [key, firstName, lastName] of people) {
        const user = await h.call(
          'addMember',
          { organizationId: d.org.id, email: `${key}@directory.example`, firstName, lastName, roleId: '', sendInvitationEmail: key === 'pending' },
          d.ownerToken,
        );
        ids[key] = user.id;
      }
      const update = (key: string, change: Partial<organisationV1.UpdateMemberRequest>) =>
        h.call('updateMember', { organizationId: d.org.id, userId: ids[key]!, ...change }, d.ownerToken);
      await update('ada', { phoneNumber: '+44 20 7946 0001', jobTitle: 'Analyst', city: 'London', isCertified: true, dateOfBirth: '1815-12-10' });
      await update('hidden', { isExcludedFromListing: true });
      await update('suspended', { status: 'SUSPENDED' });
      await h.call('removeMember', { organizationId: d.org.id, userId: ids['gone']! }, d.ownerToken);
    });

    it('lists ACTIVE members not excluded from listing, by last name, without email or phone by default', async () => {
      const page = await list();
      expect(names(page)).toEqual(['Grace Hopper', 'Ada Lovelace', 'Olive Owner', 'Alan Turing']);
      expect(page).toMatchObject({ totalElements: 4, totalPages: 1, page: 0, size: 20 });
      const ada = page.content.find((e) => e.id === ids['ada']);
      expect(ada).toEqual({
        id: ids['ada'],
        firstName: 'Ada',
        lastName: 'Lovelace',
        displayName: '',
        jobTitle: 'Analyst',
        company: '',
        city: 'London',
        isCertified: true,
        roles: ['MEMBER'],
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(JSON.stringify(page)).not.toMatch(/@directory\.example|7946|1815/);
      // Administrators see exactly what members see.
      expect(await list({}, d.ownerToken)).toEqual(page);
    });

    it('shows email and phone only when the config does', async () => {
      expect(await configure({ showEmail: true })).toEqual({ visibility: 'MEMBERS_ONLY', showEmail: true, showPhone: false, allowMemberSearch: true });
      let ada = (await list()).content.find((e) => e.id === ids['ada'])!;
      expect(ada.email).toBe('ada@directory.example');
      expect(ada.phoneNumber).toBeUndefined();
      await configure({ showEmail: false, showPhone: true });
      ada = (await list()).content.find((e) => e.id === ids['ada'])!;
      expect(ada.email).toBeUndefined();
      expect(ada.phoneNumber).toBe('+44 20 7946 0001');
      await configure({ showPhone: false });
    });

    it('searches names (and emails only when shown), and refuses search when the config does not allow it', async () => {
      expect(names(await list({ search: 'lovel' }))).toEqual(['Ada Lovelace']);
      expect(names(await list({ search: 'GRACE hop' }))).toEqual(['Grace Hopper']);
      // Hidden and ended members are never found.
      expect((await list({ search: 'lamarr' })).totalElements).toBe(0);
      expect((await list({ search: 'suspended' })).totalElements).toBe(0);
      // Emails are hidden: a search cannot probe them.
      expect((await list({ search: 'ada@directory' })).totalElements).toBe(0);
      await configure({ showEmail: true });
      expect(names(await list({ search: 'ada@directory' }))).toEqual(['Ada Lovelace']);
      await configure({ showEmail: false, allowMemberSearch: false });
      for (const token of [d.token('MEMBER'), d.ownerToken]) {
        const err = await failure(list({ search: 'ada' }, token));
        expect(err?.code).toBe(status.INVALID_ARGUMENT);
        expect(violationsOf(err)).toEqual([{ field: 'search', message: expect.stringMatching(/not allowed/) }]);
      }
      expect((await list()).totalElements).toBe(4);
      await configure({ allowMemberSearch: true });
    });

    it('pages and sorts by first name', async () => {
      const first = await list({ sort: 'firstName,asc', size: 2 });
      expect(names(first)).toEqual(['Ada Lovelace', 'Alan Turing']);
      expect(first).toMatchObject({ totalElements: 4, totalPages: 2, size: 2 });
      expect(names(await list({ sort: 'firstName,asc', size: 2, page: 1 }))).toEqual(['Grace Hopper', 'Olive Owner']);
      expect(names(await list({ sort: 'firstName,desc', size: 1 }))).toEqual(['Olive Owner']);
      const bad = await failure(list({ sort: 'email,asc' }));
      expect(bad?.code).toBe(status.INVALID_ARGUMENT);
      expect(violationsOf(bad)).toEqual([{ field: 'sort', message: expect.stringMatching(/lastName, firstName/) }]);
    });

    it('ADMINS_ONLY: OWNER, ADMIN and platform admins read it; other roles get 403', async () => {
      await configure({ visibility: 'ADMINS_ONLY' });
      expect((await list({}, d.ownerToken)).totalElements).toBe(4);
      expect((await list({}, d.token('ADMIN'))).totalElements).toBe(4);
      expect((await list({}, h.tokens.system())).totalElements).toBe(4);
      for (const role of ['MANAGER', 'MEMBER'] as const) expect((await failure(list({}, d.token(role))))?.code).toBe(status.PERMISSION_DENIED);
      await configure({ visibility: 'MEMBERS_ONLY' });
      expect((await list({}, d.token('MANAGER'))).totalElements).toBe(4);
    });

    it('is never for GUESTs or other organisations; the config is for administrators', async () => {
      expect((await failure(list({}, d.token('GUEST'))))?.code).toBe(status.PERMISSION_DENIED);
      expect((await failure(list({}, b.ownerToken)))?.code).toBe(status.PERMISSION_DENIED);
      for (const token of [d.token('MEMBER'), d.token('MANAGER'), b.ownerToken]) {
        expect((await failure(h.call('getDirectoryConfig', { organizationId: d.org.id }, token)))?.code).toBe(status.PERMISSION_DENIED);
        expect((await failure(h.call('updateDirectoryConfig', { organizationId: d.org.id, showEmail: true }, token)))?.code).toBe(status.PERMISSION_DENIED);
      }
      expect(await h.call('getDirectoryConfig', { organizationId: d.org.id }, d.token('ADMIN'))).toMatchObject({ showEmail: false });
    });

    it('refuses an unknown visibility naming the field, and audits a change', async () => {
      for (const visibility of ['PUBLIC', 'members_only', '']) {
        const err = await failure(configure({ visibility }));
        expect(err?.code).toBe(status.INVALID_ARGUMENT);
        expect(violationsOf(err)).toEqual([{ field: 'visibility', message: 'must be one of MEMBERS_ONLY, ADMINS_ONLY' }]);
      }
      const events = await audits(() => configure({ showPhone: true, showEmail: false }));
      expect(events).toEqual([
        expect.objectContaining({
          action: 'DIRECTORY_CONFIG_UPDATED',
          resourceType: 'DIRECTORY_CONFIG',
          detail: expect.objectContaining({ changed: ['showPhone'], showPhone: true }),
        }),
      ]);
      await configure({ showPhone: false });
    });

    it('answers 404 for a deleted organisation', async () => {
      const gone = await h.newOrganization('directory-gone');
      await h.call('deleteOrganisation', { id: gone.org.id }, gone.ownerToken);
      const sys = h.tokens.system();
      expect((await failure(h.call('listDirectory', { organizationId: gone.org.id, search: '', sort: '' }, sys)))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('getDirectoryConfig', { organizationId: gone.org.id }, sys)))?.code).toBe(status.NOT_FOUND);
      expect((await failure(h.call('updateDirectoryConfig', { organizationId: gone.org.id, showEmail: true }, sys)))?.code).toBe(status.NOT_FOUND);
    });

    it('serves a page of a large organisation from the directory index, quickly', async () => {
      const big = await h.newOrganization('directory-big');
      const n = 20_000;
      await h.sql(
        `INSERT INTO account_projection (id, email, first_name, last_name, status, source_updated_at, updated_at)
         SELECT gen_random_uuid(), 'p' || i || '@big.example', 'First' || i, 'Last' || lpad(i::text, 6, '0'), 'ACTIVE', now(), now()
           FROM generate_series(1, $1::int) AS i`,
        [n],
      );
      await h.sql(
        `INSERT INTO membership (id, organisation_id, account_id, role_id, status, email, first_name, last_name, first_name_key, last_name_key,
                                 search_text, is_excluded_from_listing, joined_at, updated_at)
         SELECT gen_random_uuid(), $1::uuid, a.id, $2::uuid,
                (CASE WHEN a.last_name LIKE '%0' THEN 'SUSPENDED' ELSE 'ACTIVE' END)::"MembershipStatus",
                a.email, a.first_name, a.last_name, lower(a.first_name), lower(a.last_name),
                lower(a.first_name || ' ' || a.last_name || ' ' || a.email), a.last_name LIKE '%7', now(), now()
           FROM account_projection a WHERE a.email LIKE '%@big.example'`,
        [big.org.id, big.roles['MEMBER']],
      );
      await h.sql('ANALYZE membership');
      const expected = 1 + n - n / 10 - n / 10; // the owner, minus SUSPENDED (…0) and excluded (…7)
      const started = Date.now();
      const page = await h.call('listDirectory', { organizationId: big.org.id, search: '', sort: '', page: 50, size: 100 }, big.token('MEMBER'));
      const elapsed = Date.now() - started;
      expect(page.totalElements).toBe(expected);
      expect(page.content).toHaveLength(100);
      expect(page.content.every((e) => !/0$|7$/.test(e.lastName))).toBe(true);
      expect(elapsed).toBeLessThan(1000);

      const plan = (
        await h.sql<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT m.account_id FROM membership m WHERE m.organisation_id = $1::uuid AND m.status = 'ACTIVE' AND NOT m.is_excluded_from_listing
          ORDER BY m.last_name_key, m.first_name_key, m.id LIMIT 100 OFFSET 5000`,
          [big.org.id],
        )
      ).map((r) => r['QUERY PLAN']);
      expect(plan.join('\n')).toContain('membership_directory_last_name_idx');
      const searched = await h.call('listDirectory', { organizationId: big.org.id, search: 'last000123', sort: '', size: 5 }, big.token('MEMBER'));
      expect(searched.content.map((e) => e.lastName)).toEqual(['Last000123']);
    });
  });
});
