import { commentText, MAX_COMMENT_LENGTH, threadTree } from './comment-rules';

describe('comments', () => {
  it('keep plain text only, trimmed, within the length limit', () => {
    expect(commentText('  <b>Hi</b> <script>x()</script>there & you ')).toEqual({ text: 'Hi there & you' });
    expect(commentText('<p> </p>')).toEqual({ problem: 'is required' });
    expect(commentText('x'.repeat(MAX_COMMENT_LENGTH + 1))).toEqual({ problem: `must be at most ${MAX_COMMENT_LENGTH} characters` });
  });

  it('nest replies under their parents, oldest first', () => {
    const at = (s: number) => new Date(s * 1000);
    const root: { id: string; parentId: string | null; createdAt: Date } = { id: 'r', parentId: null, createdAt: at(1) };
    const replies = [
      { id: 'b', parentId: 'r', createdAt: at(3) },
      { id: 'a', parentId: 'r', createdAt: at(2) },
      { id: 'c', parentId: 'a', createdAt: at(4) },
    ];
    const [tree] = threadTree([root], replies);
    expect(tree?.replies.map((n) => n.row.id)).toEqual(['a', 'b']);
    expect(tree?.replies[0]?.replies.map((n) => n.row.id)).toEqual(['c']);
  });
});
