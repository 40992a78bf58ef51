import { articleBlocks, articleContent } from './support/reference-mapping';

/** The irregular cases of rules.articleContent (expected-platform-values.json), in the reference reading. */
describe('article content blocks (reference reading)', () => {
  const p = (text: string) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`;

  it('takes each top-level block, delimiters removed, trimmed, joined with one newline', () => {
    expect(articleContent(`${p('One')}\n\n${p('Two &amp; three')}`)).toBe('<p>One</p>\n<p>Two &amp; three</p>');
    expect(articleBlocks('<!-- wp:core/paragraph -->\n \t<p>Namespaced</p>\r\n<!-- /wp:core/paragraph -->')).toEqual(['<p>Namespaced</p>']);
  });

  it('keeps nested blocks inside their parent, their delimiters removed and whitespace as written', () => {
    const group = `<!-- wp:group -->\n<div class="wp-block-group">${p('A')}\n\n${p('')}</div>\n<!-- /wp:group -->`;
    expect(articleBlocks(group)).toEqual(['<div class="wp-block-group">\n<p>A</p>\n\n\n\n<p></p>\n</div>']);
  });

  it('reads attribute JSON with nested braces (the CMS escapes -- and > in it), and drops self-closing and empty blocks', () => {
    const json =
      '<!-- wp:paragraph {"style":{"spacing":{"margin":{"top":"1rem"}}},"note":"a} b \\u002d\\u002d\\u003e"} -->\n<p>Styled</p>\n<!-- /wp:paragraph -->';
    expect(articleBlocks(json)).toEqual(['<p>Styled</p>']);
    expect(
      articleBlocks(
        `${p('')}\n${p('&nbsp; ')}\n<!-- wp:spacer {"height":"40px"} -->\n<div style="height:40px" aria-hidden="true" class="wp-block-spacer"></div>\n<!-- /wp:spacer -->\n<!-- wp:latest-posts /-->`,
      ),
    ).toEqual([]);
    const kept = [
      '<!-- wp:separator -->\n<hr class="wp-block-separator"/>\n<!-- /wp:separator -->',
      '<!-- wp:image {"id":1} -->\n<figure><img src="/x.png" alt=""/></figure>\n<!-- /wp:image -->',
    ];
    expect(articleBlocks(kept.join('\n\n'))).toEqual(['<hr class="wp-block-separator"/>', '<figure><img src="/x.png" alt=""/></figure>']);
  });

  it('reads a classic post, and HTML between blocks, as one block per top-level element', () => {
    expect(articleBlocks('<p>One</p><!--more--><p>Two <em>2</em></p>\n\n<p>&nbsp;</p>\n<ul><li>a</li><li><ul><li>b</li></ul></li></ul>')).toEqual([
      '<p>One</p>',
      '<p>Two <em>2</em></p>',
      '<ul><li>a</li><li><ul><li>b</li></ul></li></ul>',
    ]);
    expect(articleBlocks(`<p>Before</p>\n${p('Inside')}\nstray text\n<img src="/y.png" alt="">`)).toEqual([
      '<p>Before</p>',
      '<p>Inside</p>',
      'stray text',
      '<img src="/y.png" alt="">',
    ]);
    expect(articleBlocks('<p title="a > b">Quoted &gt;</p><script>if (a < b) document.write("</p>")</script>')).toEqual(['<p title="a > b">Quoted &gt;</p>']);
  });

  it('copes with irregular markup: unclosed blocks, stray and mismatched closers', () => {
    expect(articleBlocks(`${p('Closed')}\n<!-- wp:paragraph -->\n<p>Left open</p>\n`)).toEqual(['<p>Closed</p>', '<p>Left open</p>']);
    expect(articleBlocks(`<!-- /wp:paragraph -->\n${p('After')}`)).toEqual(['<p>After</p>']);
    expect(articleBlocks('<!-- wp:quote -->\n<blockquote><p>Q</p></blockquote>\n<!-- /wp:paragraph -->')).toEqual(['<blockquote><p>Q</p></blockquote>']);
    expect(articleBlocks('<div><p>Never closed')).toEqual(['<div><p>Never closed']);
    expect(articleContent('')).toBe('');
  });
});
