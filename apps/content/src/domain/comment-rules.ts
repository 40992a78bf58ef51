import { plainText } from '@platform/html';

/** Longest comment, in characters of its plain text. */
export const MAX_COMMENT_LENGTH = 2000;
/** Deepest reply: a top-level comment is depth 0, so threads nest at most MAX_COMMENT_DEPTH + 1 levels. */
export const MAX_COMMENT_DEPTH = 4;

/** A comment's text as stored: plain text (any markup removed), trimmed; or why it is refused. */
export function commentText(input: string): { text: string } | { problem: string } {
  const text = plainText(input).trim();
  if (text === '') return { problem: 'is required' };
  if (text.length > MAX_COMMENT_LENGTH) return { problem: `must be at most ${MAX_COMMENT_LENGTH} characters` };
  return { text };
}

export interface CommentNode<T> {
  row: T;
  replies: CommentNode<T>[];
}

/**
 * The threaded tree of the given top-level comments from their replies (any order in): each reply
 * under its parent, children oldest first. Replies whose parent is not in the set are left out.
 */
export function threadTree<T extends { id: string; parentId: string | null; createdAt: Date }>(roots: T[], replies: T[]): CommentNode<T>[] {
  const nodes = new Map<string, CommentNode<T>>();
  for (const row of [...roots, ...replies]) nodes.set(row.id, { row, replies: [] });
  const sorted = [...replies].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  for (const reply of sorted) {
    const parent = reply.parentId ? nodes.get(reply.parentId) : undefined;
    const node = nodes.get(reply.id);
    if (parent && node) parent.replies.push(node);
  }
  return roots.map((root) => nodes.get(root.id) as CommentNode<T>);
}
