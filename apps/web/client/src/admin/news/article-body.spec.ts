import { sanitiseHtml } from '@platform/html';
import { EDITOR_TAGS, flattenComments, formToCreateBody, formToUpdateBody, isEmptyEditorHtml, visibility } from './article-body';

/** What TipTap's starter kit writes for each of its marks and nodes (its getHTML output). */
const EDITOR_OUTPUT = [
  '<p>Plain, <strong>bold</strong>, <em>italic</em>, <s>struck</s>, <u>underlined</u> and <code>code</code>.<br>Next line</p>',
  '<h2>A heading</h2>',
  '<h3>A smaller heading</h3>',
  '<ul><li><p>one</p></li><li><p>two</p></li></ul>',
  '<ol><li><p>first</p></li></ol>',
  '<blockquote><p>quoted</p></blockquote>',
  '<pre><code>let x = 1;</code></pre>',
  '<hr>',
];

describe('article form ↔ API body', () => {
  it("writes only markup the content service's ARTICLE allow-list keeps", () => {
    // The same markup back (void elements written `<br />` by the sanitiser).
    const voids = (html: string) => html.replace(/<(br|hr) \/>/g, '<$1>');
    for (const html of EDITOR_OUTPUT) expect(voids(sanitiseHtml(html, 'ARTICLE'))).toBe(html);
    // Links keep their href; the service sets rel itself.
    expect(sanitiseHtml('<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://club.example">site</a></p>', 'ARTICLE')).toContain(
      'href="https://club.example"',
    );
    const used = new Set(
      EDITOR_OUTPUT.join('')
        .match(/<([a-z0-9]+)/g)!
        .map((m) => m.slice(1)),
    );
    for (const tag of used) expect(EDITOR_TAGS).toContain(tag);
  });

  it('splits tags, trims text and sends a schedule only when set', () => {
    expect(formToCreateBody({ title: ' News ', content: '<p><strong>Hi</strong></p>', tagsText: 'club, , sea,club', membersOnly: true })).toEqual({
      title: 'News',
      content: '<p><strong>Hi</strong></p>',
      excerpt: '',
      coverImageUrl: '',
      membersOnly: true,
      tags: ['club', 'sea'],
      category: '',
    });
    expect(formToCreateBody({ title: 'Later', scheduledAt: '2030-01-01T09:00:00.000Z' })).toMatchObject({ scheduledAt: '2030-01-01T09:00:00.000Z' });
  });

  it('clears a removed schedule on update, never both', () => {
    expect(formToUpdateBody({ title: 'x', scheduledAt: null }, { scheduledAt: '2030-01-01T09:00:00Z' })).toMatchObject({ clearScheduledAt: true });
    expect(formToUpdateBody({ title: 'x', scheduledAt: null }, { scheduledAt: null })).not.toHaveProperty('clearScheduledAt');
    const moved = formToUpdateBody({ title: 'x', scheduledAt: '2031-01-01T09:00:00Z' }, { scheduledAt: '2030-01-01T09:00:00Z' });
    expect(moved).toMatchObject({ scheduledAt: '2031-01-01T09:00:00Z' });
    expect(moved).not.toHaveProperty('clearScheduledAt');
  });

  it('knows an empty editor', () => {
    expect(isEmptyEditorHtml('<p></p>')).toBe(true);
    expect(isEmptyEditorHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isEmptyEditorHtml('<p>x</p>')).toBe(false);
    expect(isEmptyEditorHtml('<hr>')).toBe(false);
  });

  it('tells drafts, scheduled, visible and archived articles apart', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(visibility({ status: 'DRAFT' }, now)).toBe('draft');
    expect(visibility({ status: 'PUBLISHED', visible: false, publishedAt: '2030-02-01T00:00:00Z' }, now)).toBe('scheduled');
    expect(visibility({ status: 'PUBLISHED', visible: true, publishedAt: '2029-02-01T00:00:00Z' }, now)).toBe('visible');
    expect(visibility({ status: 'ARCHIVED' }, now)).toBe('archived');
  });

  it('flattens a comment thread in reading order with depths', () => {
    const flat = flattenComments([
      { id: 'a', replies: [{ id: 'a1', replies: [{ id: 'a1x' }] }] },
      { id: 'b', replies: [] },
    ]);
    expect(flat.map((c) => [c.id, c.level])).toEqual([
      ['a', 0],
      ['a1', 1],
      ['a1x', 2],
      ['b', 0],
    ]);
  });
});
