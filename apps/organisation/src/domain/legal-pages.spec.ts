import { LEGAL_PAGE_MAX_BYTES, oversizePages, sanitiseLegalHtml } from './legal-pages';

describe('legal pages', () => {
  it('keeps headings, paragraphs, lists, tables and http(s)/mailto links', () => {
    const html =
      '<h1 id="top">Terms</h1><h2>1. Scope</h2><p>Read <strong>this</strong> and <a href="https://example.org/x">that</a> or <a href="mailto:legal@example.org">write</a>.</p>' +
      '<ul><li>one</li></ul><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>';
    const clean = sanitiseLegalHtml(html);
    expect(clean).toContain('<h1 id="top">Terms</h1>');
    expect(clean).toContain('<h2>1. Scope</h2>');
    expect(clean).toContain('<a href="https://example.org/x" rel="noopener noreferrer">that</a>');
    expect(clean).toContain('<a href="mailto:legal@example.org" rel="noopener noreferrer">write</a>');
    expect(clean).toContain('<td colspan="2">cell</td>');
  });

  it('removes scripts, styles, iframes and forms with their content', () => {
    const clean = sanitiseLegalHtml(
      '<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe><form action="/x"><input name="q"></form><p>b</p>',
    );
    expect(clean).toBe('<p>a</p><p>b</p>');
  });

  it('removes event handlers and style attributes', () => {
    const clean = sanitiseLegalHtml(
      '<p onclick="steal()" style="color:red" class="lead">x</p><img src="https://example.org/a.png" onerror="alert(1)" alt="a">',
    );
    expect(clean).toBe('<p class="lead">x</p><img src="https://example.org/a.png" alt="a" />');
    expect(clean).not.toMatch(/onclick|onerror|style=/i);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    '//evil.example',
  ])('drops the URL %j from a link', (href) => {
    const clean = sanitiseLegalHtml(`<a href="${href}">x</a>`);
    expect(clean).not.toMatch(/script:|data:|evil/i);
    expect(clean).toContain('>x</a>');
  });

  it('escapes text that is not markup and leaves an empty page empty', () => {
    expect(sanitiseLegalHtml('1 < 2 & 3')).toBe('1 &lt; 2 &amp; 3');
    expect(sanitiseLegalHtml('')).toBe('');
    expect(sanitiseLegalHtml('  <p>x</p>\n')).toBe('<p>x</p>');
  });

  it('names the pages over 200 KB of UTF-8, counting bytes rather than characters', () => {
    const limit = 'a'.repeat(LEGAL_PAGE_MAX_BYTES);
    expect(oversizePages({ termsOfService: limit, privacyPolicy: '', cookiePolicy: undefined })).toEqual([]);
    expect(oversizePages({ termsOfService: `${limit}a` })).toEqual(['termsOfService']);
    // 70 000 characters of 3 bytes each: 210 000 bytes.
    expect(oversizePages({ cookiePolicy: '€'.repeat(70_000), privacyPolicy: 'x' })).toEqual(['cookiePolicy']);
  });
});
