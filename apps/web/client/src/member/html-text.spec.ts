import { htmlToText } from './html-text';

describe('htmlToText', () => {
  it('keeps the words and the paragraphs, drops tags, scripts and styles', () => {
    expect(htmlToText('<p>All <b>members</b> welcome</p><p>Bring a friend</p>')).toBe('All members welcome\nBring a friend');
    expect(htmlToText('Hi<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>there')).toBe('Hithere');
    expect(htmlToText('<ul><li>One</li><li>Two</li></ul>')).toBe('• One\n• Two');
    expect(htmlToText('line<br>next<br/>last')).toBe('line\nnext\nlast');
  });

  it('decodes entities, leaves unknown ones and plain text alone', () => {
    expect(htmlToText('Fish &amp; chips &lt;3 &#233;t&#xE9; &nbsp;x &bogus;')).toBe('Fish & chips <3 été  x &bogus;');
    expect(htmlToText('Plain text')).toBe('Plain text');
    expect(htmlToText(undefined)).toBe('');
  });
});
