import { plainText, sanitiseEmailHtml, sanitiseHtml } from './sanitise';

describe('sanitiseHtml', () => {
  it('keeps what every policy allows and removes active content', () => {
    const html = '<h2 id="a">Title</h2><p onclick="x()">Text <a href="https://example.org" target="_blank">link</a></p><script>alert(1)</script>';
    for (const policy of ['LEGAL', 'ARTICLE', 'EMAIL'] as const) {
      expect(sanitiseHtml(html, policy)).toBe(
        '<h2 id="a">Title</h2><p>Text <a href="https://example.org" target="_blank" rel="noopener noreferrer">link</a></p>',
      );
    }
  });

  it('removes javascript:, data: and protocol-relative URLs', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example/x']) {
      expect(sanitiseHtml(`<a href="${href}">x</a>`, 'EMAIL')).toBe('<a rel="noopener noreferrer">x</a>');
    }
  });

  it('lets articles embed https iframes and media, but not legal pages or emails', () => {
    const embed = '<iframe src="https://video.example/e/1"></iframe><video src="https://v.example/a.mp4" controls></video>';
    expect(sanitiseHtml(embed, 'ARTICLE')).toBe(embed);
    expect(sanitiseHtml(embed, 'LEGAL')).toBe('');
    expect(sanitiseHtml(embed, 'EMAIL')).toBe('');
    expect(sanitiseHtml('<iframe src="http://video.example/e/1"></iframe>', 'ARTICLE')).toBe('<iframe></iframe>');
  });

  it('keeps only inline styles that load nothing, and only in emails', () => {
    const styled = '<p style="color:#fff;background:url(https://t.example/p.gif);font-size:12px;position:fixed;width:expression(alert(1))">x</p>';
    expect(sanitiseHtml(styled, 'EMAIL')).toBe('<p style="color:#fff;font-size:12px">x</p>');
    expect(sanitiseHtml(styled, 'LEGAL')).toBe('<p>x</p>');
  });

  it('keeps template placeholders and sections as text and attribute values', () => {
    const template = '<p>Hello {{user.firstName}}</p>{{#hasMessage}}<blockquote>{{message}}</blockquote>{{/hasMessage}}<a href="{{verificationUrl}}">go</a>';
    expect(sanitiseHtml(template, 'EMAIL')).toBe(template.replace('">go', '" rel="noopener noreferrer">go'));
  });
});

describe('sanitiseEmailHtml', () => {
  it('keeps a whole document with its doctype, and drops <style>, forms and embeds', () => {
    const doc =
      '<!doctype html>\n<html><head><meta charset="utf-8"><title>T</title><style>p{}</style></head><body bgcolor="#fff"><table cellpadding="0" width="100%"><tr><td align="center">x</td></tr></table><form><input></form><object></object></body></html>';
    expect(sanitiseEmailHtml(doc)).toBe(
      '<!DOCTYPE html>\n<html><head><meta charset="utf-8" /><title>T</title></head><body bgcolor="#fff"><table cellpadding="0" width="100%"><tr><td align="center">x</td></tr></table></body></html>',
    );
  });

  it('adds no doctype that was not there', () => {
    expect(sanitiseEmailHtml('<p>x</p>')).toBe('<p>x</p>');
  });

  it('is stable: sanitising twice changes nothing more', () => {
    const once = sanitiseEmailHtml('<!DOCTYPE html><p style="margin:0;padding:24px;">a <b>b</b></p><img src="cid:logo" alt="">');
    expect(sanitiseEmailHtml(once)).toBe(once);
  });
});

describe('plainText', () => {
  it('removes every tag and decodes what sanitize-html escaped', () => {
    expect(plainText('<b>1 < 2</b> & <script>x()</script>"q"')).toBe('1 < 2 & "q"');
  });
});
