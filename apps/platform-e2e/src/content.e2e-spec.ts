import { ADMIN, holdsSoon, http, sleep, startPlatform, type Platform } from './platform';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('news, comments and companies through the gateway, on the real services', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;
  let orgA: string;
  let orgB: string;
  let owner: string;
  let ownerB: string;
  let member: string;
  let guest: string;

  const register = (email: string, firstName: string) => api.post('/api/auth/org/register', { email, password: 'news password', firstName, lastName: 'News' });
  const login = async (email: string) => (await api.post('/api/auth/org/login', { email, password: 'news password' })).body.accessToken as string;
  const put = (path: string, body: unknown, token: string) => api.call('PUT', path, { body, token });
  const del = (path: string, token: string) => api.call('DELETE', path, { token });
  const news = (path = '') => `/api/orgs/${orgA}/news${path}`;
  const createArticle = async (body: Record<string, unknown>) => {
    const res = await api.post(news(), { title: 'A title', content: '<p>Some text for the members.</p>', ...body }, owner);
    expect(res.status).toBe(201);
    return res.body as { id: string; status: string };
  };
  const inboxHas = async (token: string, articleId: string) => {
    const inbox = await api.get('/api/notifications?size=100', token);
    return (inbox.body.content as Array<{ data: { type?: string; articleId?: string } }>).some((n) => n.data.type === 'NEWS' && n.data.articleId === articleId);
  };

  beforeAll(async () => {
    platform = await startPlatform('content', {
      services: ['content'],
      organisation: 'real',
      notifications: true,
      env: { CONTENT_ANNOUNCE_INTERVAL_MS: '300' },
    });
    api = http(platform.baseUrl);
    const admin = (await api.post('/api/auth/system/login', ADMIN)).body.accessToken as string;
    for (const [email, name] of [
      ['owner@news-a.example', 'Olga'],
      ['owner@news-b.example', 'Bob'],
      ['mia@news-a.example', 'Mia'],
      ['gus@news-a.example', 'Gus'],
    ] as const)
      await register(email, name);
    const createOrg = async (orgName: string, orgSlug: string, ownerEmail: string) => {
      const res = await api.post('/api/admin/orgs/create-with-owner', { orgName, orgSlug, ownerEmail, ownerFirstName: 'Own', ownerLastName: 'Er' }, admin);
      expect(res.status).toBe(201);
      return res.body.organization.id as string;
    };
    orgA = await createOrg('News Club', 'news-a', 'owner@news-a.example');
    orgB = await createOrg('Other Club', 'news-b', 'owner@news-b.example');
    owner = await login('owner@news-a.example');
    ownerB = await login('owner@news-b.example');
    const roles = (await api.get(`/api/orgs/${orgA}/roles`, owner)).body as Array<{ name: string; roleId: string }>;
    const roleId = (name: string) => roles.find((r) => r.name === name)!.roleId;
    for (const [email, name, role] of [
      ['mia@news-a.example', 'Mia', 'MEMBER'],
      ['gus@news-a.example', 'Gus', 'GUEST'],
    ] as const) {
      const added = await api.post(
        `/api/orgs/${orgA}/users`,
        { email, firstName: name, lastName: 'News', roleId: roleId(role), sendInvitationEmail: false },
        owner,
      );
      expect(added.status).toBe(201);
    }
    member = await login('mia@news-a.example');
    guest = await login('gus@news-a.example');
    expect(decode(guest)).toMatchObject({ organizationId: orgA, organizationRole: 'GUEST' });
  });
  afterAll(async () => platform?.stop());

  it('an admin creates a DRAFT (201 with Location); members may not, bad input is a 400 naming the fields', async () => {
    const res = await api.post(news(), { title: 'Draft', content: '<p>Hi</p><script>x()</script>', tags: ['agm'] }, owner);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toContain(res.body.id);
    expect(res.body).toMatchObject({ status: 'DRAFT', content: '<p>Hi</p>', excerpt: 'Hi', scheduledAt: null, viewCount: 0 });
    expect(res.body.contentBlocks[0]).toMatchObject({ type: 'paragraph', text: 'Hi' });
    expect((await api.post(news(), { title: 'x', content: '<p>x</p>' }, member)).status).toBe(403);
    const bad = await api.post(news(), { title: '', content: '<p>x</p>', coverImageUrl: 'not a url', scheduledAt: '2001-01-01T00:00:00Z' }, owner);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['coverImageUrl', 'scheduledAt', 'title']);
    // A draft is the admin's only.
    expect((await api.get(news(`/${res.body.id}`), member)).status).toBe(404);
    expect((await api.get(news(`/${res.body.id}`), owner)).status).toBe(200);
  });

  it('publishing now makes the article visible and the push reaches the members inbox (NEWS, articleId)', async () => {
    // The member must be in notifications' membership projection first.
    const article = await createArticle({ title: 'Open news' });
    const published = await api.post(news(`/${article.id}/publish`), {}, owner);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'PUBLISHED', visible: true });
    expect(await holdsSoon(() => inboxHas(member, article.id), 100)).toBe(true);
    expect(await holdsSoon(() => inboxHas(guest, article.id), 100)).toBe(true);
    expect((await api.post(news(`/${article.id}/publish`), {}, owner)).status).toBe(409);
  });

  it('a members-only article is refused to a GUEST everywhere: list, by id, comments, and its announcement', async () => {
    const article = await createArticle({ title: 'Members secret', membersOnly: true });
    await api.post(news(`/${article.id}/publish`), {}, owner);
    expect((await api.get(news(`/${article.id}`), member)).status).toBe(200);
    expect((await api.get(news(`/${article.id}`), guest)).status).toBe(404);
    // The refused fetch counted no view: the member's and now the owner's only.
    expect((await api.get(news(`/${article.id}`), owner)).body.viewCount).toBe(2);
    const talk = await api.post(news(`/${article.id}/comments`), { content: 'Members only talk' }, member);
    expect(talk.status).toBe(201);
    expect((await api.get(news(`/${article.id}/comments`), guest)).status).toBe(404);
    expect((await api.post(news(`/${article.id}/comments`), { content: 'let me in' }, guest)).status).toBe(403);
    expect((await del(news(`/${article.id}/comments/${talk.body.id}`), guest)).status).toBe(404);
    for (const query of ['?search=secret', '?search=secret&membersOnly=true', '?membersOnly=true&size=100']) {
      const guestList = await api.get(news(query), guest);
      expect(guestList.status).toBe(200);
      expect(guestList.body.content.map((a: { id: string }) => a.id)).not.toContain(article.id);
    }
    expect((await api.get(news('?search=SECRET&membersOnly=true'), member)).body.totalElements).toBe(1);
    expect(await holdsSoon(() => inboxHas(member, article.id), 100)).toBe(true);
    // The member got it: by then the guest would have too.
    expect(await inboxHas(guest, article.id)).toBe(false);
  });

  it('a scheduled article turns visible at its time, and is announced then', async () => {
    const scheduledAt = new Date(Date.now() + 5000).toISOString();
    const article = await createArticle({ title: 'Scheduled piece', scheduledAt });
    const published = await api.post(news(`/${article.id}/publish`), {}, owner);
    expect(published.body).toMatchObject({ status: 'PUBLISHED', visible: false, publishedAt: scheduledAt });
    expect((await api.get(news(`/${article.id}`), member)).status).toBe(404);
    expect((await api.get(news('?search=scheduled'), member)).body.totalElements).toBe(0);
    expect((await api.post(news(`/${article.id}/comments`), { content: 'too early' }, member)).status).toBe(404);
    expect(await inboxHas(member, article.id)).toBe(false);
    expect(await holdsSoon(async () => (await api.get(news(`/${article.id}`), member)).status === 200, 150)).toBe(true);
    expect((await api.get(news('?search=scheduled'), member)).body.content.map((a: { id: string }) => a.id)).toEqual([article.id]);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(scheduledAt));
    expect(await holdsSoon(() => inboxHas(member, article.id), 100)).toBe(true);
  });

  it('counts every concurrent fetch of a published article exactly once', async () => {
    const article = await createArticle({ title: 'Counted' });
    await api.post(news(`/${article.id}/publish`), {}, owner);
    const fetches = await Promise.all(Array.from({ length: 100 }, () => api.get(news(`/${article.id}`), member)));
    expect(fetches.every((r) => r.status === 200)).toBe(true);
    const after = await api.get(news(`/${article.id}`), owner);
    expect(after.body.viewCount).toBe(101);
  });

  it('threads comments, limits who deletes, and keeps a placeholder for a comment with replies', async () => {
    const article = await createArticle({ title: 'Discuss' });
    await api.post(news(`/${article.id}/publish`), {}, owner);
    const top = await api.post(news(`/${article.id}/comments`), { content: 'First!' }, member);
    expect(top.status).toBe(201);
    const reply = await api.post(news(`/${article.id}/comments`), { content: '<i>Agreed</i>', parentCommentId: top.body.id }, owner);
    expect(reply.body).toMatchObject({ content: 'Agreed', parentCommentId: top.body.id, depth: 1 });
    expect((await api.post(news(`/${article.id}/comments`), { content: 'guest' }, guest)).status).toBe(403);
    expect((await api.post(news(`/${article.id}/comments`), { content: '' }, member)).status).toBe(400);
    const tree = await api.get(news(`/${article.id}/comments`), member);
    expect(tree.body).toMatchObject({ totalElements: 1, page: 0, size: 20 });
    expect(tree.body.content[0]).toMatchObject({ content: 'First!', parentCommentId: null, replies: [{ content: 'Agreed', replies: [] }] });
    expect((await del(news(`/${article.id}/comments/${reply.body.id}`), member)).status).toBe(403);
    expect((await del(news(`/${article.id}/comments/${top.body.id}`), member)).status).toBe(204);
    const after = await api.get(news(`/${article.id}/comments`), member);
    expect(after.body.content[0]).toMatchObject({ id: top.body.id, deleted: true, content: '', replies: [{ content: 'Agreed' }] });
  });

  it('updates, archives, unarchives and deletes (admin only)', async () => {
    const article = await createArticle({ title: 'Lifecycle', tags: ['a'] });
    const updated = await put(news(`/${article.id}`), { title: 'Lifecycle 2', tags: ['b', 'c'] }, owner);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Lifecycle 2', tags: ['b', 'c'], content: '<p>Some text for the members.</p>' });
    expect((await put(news(`/${article.id}`), { title: 'x' }, member)).status).toBe(403);
    expect((await put(news(`/${article.id}`), { nope: 1 }, owner)).status).toBe(400);
    for (const token of [member, guest]) {
      expect((await api.post(news(`/${article.id}/publish`), {}, token)).status).toBe(403);
      expect((await api.post(news(), { title: 'x', content: '<p>x</p>' }, token)).status).toBe(403);
    }
    await api.post(news(`/${article.id}/publish`), {}, owner);
    expect((await api.post(news(`/${article.id}/archive`), {}, member)).status).toBe(403);
    expect((await api.post(news(`/${article.id}/archive`), {}, owner)).body.status).toBe('ARCHIVED');
    expect((await api.get(news(`/${article.id}`), member)).status).toBe(404);
    expect((await api.post(news(`/${article.id}/unarchive`), {}, owner)).body.status).toBe('PUBLISHED');
    expect((await del(news(`/${article.id}`), member)).status).toBe(403);
    expect((await del(news(`/${article.id}`), owner)).status).toBe(204);
    expect((await api.get(news(`/${article.id}`), owner)).status).toBe(404);
  });

  it("refuses another organisation's callers, and answers 404 for another organisation's ids", async () => {
    const article = await createArticle({ title: 'Ours' });
    await api.post(news(`/${article.id}/publish`), {}, owner);
    expect((await api.get(news(`/${article.id}`), ownerB)).status).toBe(403);
    expect((await api.get(news(), ownerB)).status).toBe(403);
    expect((await api.get(`/api/orgs/${orgB}/news/${article.id}`, ownerB)).status).toBe(404);
    expect((await api.get(`/api/orgs/${orgB}/news/not-a-uuid`, ownerB)).status).toBe(400);
    // Writes: refused on the other organisation's path, and not found on one's own.
    expect((await api.post(news(`/${article.id}/comments`), { content: 'hello' }, ownerB)).status).toBe(403);
    expect((await put(news(`/${article.id}`), { title: 'Theirs' }, ownerB)).status).toBe(403);
    expect((await del(news(`/${article.id}`), ownerB)).status).toBe(403);
    expect((await api.post(`/api/orgs/${orgB}/news/${article.id}/comments`, { content: 'hello' }, ownerB)).status).toBe(404);
    expect((await put(`/api/orgs/${orgB}/news/${article.id}`, { title: 'Theirs' }, ownerB)).status).toBe(404);
    expect((await api.post(`/api/orgs/${orgB}/news/${article.id}/archive`, {}, ownerB)).status).toBe(404);
    expect((await del(`/api/orgs/${orgB}/news/${article.id}`, ownerB)).status).toBe(404);
    expect((await api.get(`/api/orgs/${orgB}/news`, ownerB)).body.totalElements).toBe(0);
    expect((await api.get(news(`/${article.id}`), owner)).body).toMatchObject({ title: 'Ours', status: 'PUBLISHED' });
  });

  it('answers bad input with 400 naming the field', async () => {
    const article = await createArticle({ title: 'Inputs' });
    await api.post(news(`/${article.id}/publish`), {}, owner);
    const fieldsOf = (res: { body: { errors?: Array<{ field: string }> } }) => (res.body.errors ?? []).map((e) => e.field).sort();
    for (const [query, field] of [
      ['?status=LIVE', 'status'],
      ['?sort=nope,asc', 'sort'],
      ['?size=0', 'size'],
      ['?page=-1', 'page'],
    ] as const) {
      const res = await api.get(news(query), member);
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    const tooLong = await api.post(news(`/${article.id}/comments`), { content: 'x'.repeat(2001) }, member);
    expect(tooLong.status).toBe(400);
    expect(fieldsOf(tooLong)).toEqual(['content']);
    const badParent = await api.post(news(`/${article.id}/comments`), { content: 'Hi', parentCommentId: 'not-a-uuid' }, member);
    expect(badParent.status).toBe(400);
    expect(fieldsOf(badParent)).toEqual(['parentCommentId']);
    const both = await put(news(`/${article.id}`), { scheduledAt: new Date(Date.now() + 60_000).toISOString(), clearScheduledAt: true }, owner);
    expect(both.status).toBe(400);
    const badTags = await put(news(`/${article.id}`), { tags: ['ok', ''] }, owner);
    expect(badTags.status).toBe(400);
    expect((await api.post(news(), { title: 'No content' }, owner)).status).toBe(400);
    expect((await api.post(news(), { title: 'Many tags', content: '<p>x</p>', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, owner)).status).toBe(400);
    expect((await api.get(news(`/${article.id}`), owner)).body).toMatchObject({ title: 'Inputs', tags: [] });
  });

  it('lists companies for members; admins manage them; guests are refused', async () => {
    const created = await api.post(`/api/orgs/${orgA}/companies`, { companyName: 'Acme Builders', website: 'https://acme.example' }, owner);
    expect(created.status).toBe(201);
    expect((await api.post(`/api/orgs/${orgA}/companies`, { companyName: 'Nope' }, member)).status).toBe(403);
    const list = await api.get(`/api/orgs/${orgA}/companies?search=acme`, member);
    expect(list.body.content.map((c: { companyName: string }) => c.companyName)).toEqual(['Acme Builders']);
    expect((await api.get(`/api/orgs/${orgA}/companies/${created.body.id}`, member)).status).toBe(200);
    expect((await api.get(`/api/orgs/${orgA}/companies`, guest)).status).toBe(403);
    expect((await del(`/api/orgs/${orgA}/companies/${created.body.id}`, owner)).status).toBe(204);
    await sleep(0);
  });
});
