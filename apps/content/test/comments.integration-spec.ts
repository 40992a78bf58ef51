import { status } from '@grpc/grpc-js';
import { article, organisation, startContentHarness, type ContentHarness } from './content-harness';

describe('threaded comments', () => {
  let h: ContentHarness;
  let org: ReturnType<typeof organisation>;
  let articleId: string;

  const comment = (content: string, token: string, parentCommentId = '', id = articleId) =>
    h.call('createComment', { organizationId: org.id, articleId: id, content, parentCommentId }, token);
  const list = (token: string, extra: Record<string, unknown> = {}) => h.call('listComments', { organizationId: org.id, articleId, sort: '', ...extra }, token);

  beforeAll(async () => {
    h = await startContentHarness('comments');
    org = organisation(h);
    articleId = (await h.call('createArticle', article({ organizationId: org.id }), org.admin)).id;
    await h.call('publishArticle', { organizationId: org.id, articleId }, org.admin);
  });
  afterAll(async () => h?.stop());

  it('answers the tree: top level paged, replies nested oldest first, markup removed', async () => {
    const first = await comment('<b>First</b>', org.member);
    expect(first).toMatchObject({ content: 'First', depth: 0, deleted: false });
    expect(first.parentCommentId).toBeUndefined();
    const reply1 = await comment('Reply one', org.admin, first.id);
    await comment('Reply two', org.member, first.id);
    await comment('Nested', org.member, reply1.id);
    await comment('Second', org.member);
    const page = await list(org.member, { size: 1 });
    expect(page).toMatchObject({ totalElements: 2, totalPages: 2, size: 1 });
    const [top] = page.content;
    expect(top?.content).toBe('First');
    expect(top?.replies.map((r) => r.content)).toEqual(['Reply one', 'Reply two']);
    expect(top?.replies[0]?.replies.map((r) => [r.content, r.depth])).toEqual([['Nested', 2]]);
    expect((await list(org.member, { sort: 'createdAt,desc' })).content[0]?.content).toBe('Second');
  });

  it('limits depth and length, and refuses a parent of another article', async () => {
    let parent = await comment('level 0', org.member);
    for (let depth = 1; depth <= 4; depth++) parent = await comment(`level ${depth}`, org.member, parent.id);
    await expect(comment('too deep', org.member, parent.id)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    await expect(comment('x'.repeat(2001), org.member)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    await expect(comment('   ', org.member)).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    const other = (await h.call('createArticle', article({ organizationId: org.id }), org.admin)).id;
    await expect(comment('reply', org.member, parent.id, other)).rejects.toMatchObject({ code: status.NOT_FOUND });
  });

  it('takes comments only on visible published articles, never from a guest', async () => {
    const draft = (await h.call('createArticle', article({ organizationId: org.id }), org.admin)).id;
    await expect(comment('on a draft', org.member, '', draft)).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(comment('on a draft', org.admin, '', draft)).rejects.toMatchObject({ code: status.ALREADY_EXISTS });
    await expect(comment('guest', org.guest)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
  });

  it('hides the comments of a members-only article from a guest', async () => {
    const secret = (await h.call('createArticle', article({ organizationId: org.id, membersOnly: true }), org.admin)).id;
    await h.call('publishArticle', { organizationId: org.id, articleId: secret }, org.admin);
    await comment('members talk', org.member, '', secret);
    await expect(h.call('listComments', { organizationId: org.id, articleId: secret, sort: '' }, org.guest)).rejects.toMatchObject({ code: status.NOT_FOUND });
    expect((await h.call('listComments', { organizationId: org.id, articleId: secret, sort: '' }, org.member)).totalElements).toBe(1);
  });

  it('deletes by the author or an admin; a comment with replies stays as a placeholder', async () => {
    const author = h.tokens.org(org.id, 'MEMBER');
    const root = await comment('root', author);
    const reply = await comment('reply', org.member, root.id);
    await expect(h.call('deleteComment', { organizationId: org.id, articleId, commentId: root.id }, org.member)).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    await h.call('deleteComment', { organizationId: org.id, articleId, commentId: root.id }, author);
    const find = async () => (await list(org.member, { size: 100 })).content.find((c) => c.id === root.id);
    const placeholder = await find();
    expect(placeholder).toMatchObject({ deleted: true, content: '', replies: [expect.objectContaining({ content: 'reply' })] });
    expect(placeholder?.authorId).toBeUndefined();
    // The last reply goes, and the placeholder with it.
    await h.call('deleteComment', { organizationId: org.id, articleId, commentId: reply.id }, org.admin);
    expect(await find()).toBeUndefined();
  });

  it('never leaves a reply under a comment deleted at the same moment (it becomes a placeholder, or the reply is refused)', async () => {
    for (let round = 0; round < 20; round++) {
      const leaf = await comment(`leaf ${round}`, org.member);
      const [deleted, replied] = await Promise.allSettled([
        h.call('deleteComment', { organizationId: org.id, articleId, commentId: leaf.id }, org.member),
        comment(`reply ${round}`, org.admin, leaf.id),
      ]);
      expect(deleted.status).toBe('fulfilled');
      if (replied.status === 'rejected') expect(replied.reason).toMatchObject({ code: status.INVALID_ARGUMENT });
    }
    const orphans = await h.sql(
      `SELECT r.id FROM comment r JOIN comment p ON p.id = r.parent_id WHERE r.article_id = $1 AND r.deleted_at IS NULL AND p.deleted_at IS NOT NULL`,
      [articleId],
    );
    expect(orphans).toEqual([]);
  }, 60_000);
});
