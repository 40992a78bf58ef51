import { excerptOrFallback, plainText } from './text';

describe('text helpers', () => {
  it('decodes named, decimal and hex entities and leaves unknown ones', () => {
    expect(plainText('Q&amp;A &#8211; Members&#8217; &#x1F389; &quot;hi&quot; &eacute; &bogus; AT&T')).toBe('Q&A – Members’ 🎉 "hi" é &bogus; AT&T');
  });

  it('turns HTML into text with tags as spaces', () => {
    expect(plainText('<p>One&nbsp;two</p><ul><li>three</li><li>four</li></ul><script>x()</script>')).toBe('One two three four');
  });

  it('drops block delimiters and other comments, even with > in their attributes', () => {
    const blocks = '<!-- wp:paragraph {"note":"a > b"} -->\n<p>One</p>\n<!-- /wp:paragraph -->\n\n<!--more-->\n<!-- wp:separator /-->';
    expect(plainText(blocks)).toBe('One');
    expect(excerptOrFallback('', blocks)).toBe('One');
  });

  it('keeps a written excerpt and falls back to the first 30 words of the content', () => {
    expect(excerptOrFallback('Written &amp; kept.', '<p>ignored</p>')).toBe('Written &amp; kept.');
    const words = Array.from({ length: 40 }, (_, i) => `w${i + 1}`);
    expect(excerptOrFallback('', `<p>${words.join(' ')}</p>`)).toBe(words.slice(0, 30).join(' '));
    expect(excerptOrFallback('  ', '<p>Short &amp; sweet.</p>')).toBe('Short & sweet.');
  });
});
