import { parseArticleContent, structuredBlock } from './article-content';
import { firstWords, firstWordsOfBlocks, isEmptyHtml, sourceBlocks, sourceContent } from './legacy-blocks';

describe('reading article content (the legacy articleContent rule)', () => {
  it('keeps the HTML of each top-level CMS block, joined by a newline, and drops empty blocks', () => {
    const source =
      '<!-- wp:paragraph -->\n<p>A</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->\n\n' +
      '<!-- wp:image {"id":12} -->\n<figure class="wp-block-image"><img src="/x.png"/></figure>\n<!-- /wp:image -->';
    expect(sourceContent(source)).toBe('<p>A</p>\n<figure class="wp-block-image"><img src="/x.png"/></figure>');
  });

  it('reads classic HTML as one block per top-level element, comments removed', () => {
    expect(sourceContent('<p>A</p><!--more--><p>B</p>')).toBe('<p>A</p>\n<p>B</p>');
    expect(sourceBlocks('loose text <p>B</p> tail')).toEqual(['loose text', '<p>B</p>', 'tail']);
  });

  it('keeps nested blocks inside their parent and removes their delimiters', () => {
    const source =
      '<!-- wp:group {"style":{"a":{"b":1}}} --><div class="wp-block-group"><!-- wp:heading {"level":3} --><h3>T</h3><!-- /wp:heading -->' +
      '<!-- wp:list --><ul><!-- wp:list-item --><li>x</li><!-- /wp:list-item --></ul><!-- /wp:list --></div><!-- /wp:group -->';
    expect(sourceBlocks(source)).toEqual(['<div class="wp-block-group"><h3>T</h3><ul><li>x</li></ul></div>']);
  });

  it('handles irregular markup: self-closing blocks, stray closers, blocks left open, &nbsp; paragraphs', () => {
    expect(sourceBlocks('<!-- wp:latest-posts {"n":{"m":2}} /--><!-- /wp:paragraph --><p>&nbsp;</p><!-- wp:paragraph --><p>open')).toEqual(['<p>open']);
  });

  it('falls back to the first 30 words of the text, entities decoded, no ellipsis', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(firstWords(`<p>${words.slice(0, 20).join(' ')}</p>\n<p>${words.slice(20).join(' ')}</p>`)).toBe(words.slice(0, 30).join(' '));
    expect(firstWords('<p>survey&nbsp;&#8211; here&#8217;s &amp; more</p>')).toBe('survey – here’s & more');
  });

  it('reads the same first words from sanitised blocks one by one as from the whole content', () => {
    const blocks = [
      '<p>survey&nbsp;&#8211; here&#8217;s</p>',
      '<figure><img src="https://x.example/a.png" /></figure>',
      '<h2>A &amp; B</h2>',
      '<ul><li>one</li><li>two</li></ul>',
    ];
    for (const words of [1, 3, 5, 7, 30]) expect(firstWordsOfBlocks(blocks, words)).toBe(firstWords(blocks.join('\n'), words));
    expect(firstWordsOfBlocks([])).toBe('');
  });

  it('counts as empty a block without text or media: entities of spaces, comments, scripts, a tag left open at the end', () => {
    for (const html of ['<p>&nbsp;</p>', '<p> <!-- x --> </p>', '<p><script>x()</script></p>', '<p> <b', '<p>&#32;\u00a0</p>'])
      expect(isEmptyHtml(html)).toBe(true);
    for (const html of ['<p>Word &nbsp;</p>', '<p>&#8217;</p>', '<p>&amp</p>', '<p><img src="/a.png"></p>', '<p>x <b']) expect(isEmptyHtml(html)).toBe(false);
  });
});

describe('the structured form and sanitising', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const { html } = parseArticleContent('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script>');
    expect(html).toBe('<p>Hi <a rel="noopener noreferrer">there</a></p>');
  });

  it('gives paragraphs, headings with their level, lists, images, quotes, embeds and html blocks', () => {
    const { blocks } = parseArticleContent(
      [
        '<!-- wp:paragraph --><p>Hello <strong>world</strong>!</p><!-- /wp:paragraph -->',
        '<!-- wp:heading {"level":3} --><h3>Title</h3><!-- /wp:heading -->',
        '<!-- wp:list {"ordered":true} --><ol><li>One</li><li>Two</li></ol><!-- /wp:list -->',
        '<!-- wp:image --><figure><img src="https://x.example/a.png" alt="A"/><figcaption>Cap</figcaption></figure><!-- /wp:image -->',
        '<!-- wp:quote --><blockquote><p>Wise</p></blockquote><!-- /wp:quote -->',
        '<!-- wp:embed --><figure class="wp-block-embed"><div class="wp-block-embed__wrapper">https://video.example/v/1</div></figure><!-- /wp:embed -->',
        '<!-- wp:table --><table><tbody><tr><td>1</td></tr></tbody></table><!-- /wp:table -->',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'heading', 'list', 'image', 'quote', 'embed', 'html']);
    expect(blocks[0]).toMatchObject({ text: 'Hello world!', html: '<p>Hello <strong>world</strong>!</p>' });
    expect(blocks[1]).toMatchObject({ text: 'Title', level: 3 });
    expect(blocks[2]).toMatchObject({ ordered: true, items: ['One', 'Two'] });
    expect(blocks[3]).toMatchObject({ url: 'https://x.example/a.png', alt: 'A', caption: 'Cap' });
    expect(blocks[4]).toMatchObject({ text: 'Wise' });
    expect(blocks[5]).toMatchObject({ url: 'https://video.example/v/1' });
  });

  it('reads an https iframe as an embed and drops an http one', () => {
    expect(structuredBlock('<iframe src="https://v.example/e/1"></iframe>')).toMatchObject({ type: 'embed', url: 'https://v.example/e/1' });
    expect(parseArticleContent('<p>x</p><iframe src="http://v.example/e/1"></iframe>').blocks.map((b) => b.type)).toEqual(['paragraph', 'embed']);
    expect(parseArticleContent('<iframe src="http://v.example/e/1"></iframe>').html).not.toContain('http://');
  });

  it('gives the fallback excerpt from the sanitised content', () => {
    expect(parseArticleContent('<p>One two</p><script>three</script>').fallbackExcerpt).toBe('One two');
  });
});
