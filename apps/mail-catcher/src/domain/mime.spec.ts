import { decodeEncodedWords, parseContentType, parseMessage } from './mime';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

describe('MIME reading', () => {
  it('reads a multipart/alternative message with quoted-printable and base64 parts', () => {
    const message = parseMessage(
      crlf([
        'From: "Ann Lee" <ann@x.test>',
        'To: bob@x.test',
        'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus?= =?UTF-8?B?IEvDtmxu?=',
        'Content-Type: multipart/alternative;',
        ' boundary="--b1"',
        '',
        '----b1',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Your code: 123456 =E2=80=94 a long line that is soft=',
        ' broken',
        '----b1',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('<p>Your code: <b>123456</b> — ok</p>').toString('base64'),
        '----b1--',
        '',
      ]),
    );
    expect(message.headers.find((h) => h.name === 'Subject')?.value).toBe('Grüße aus Köln');
    expect(message.text).toBe('Your code: 123456 — a long line that is soft broken');
    expect(message.html).toBe('<p>Your code: <b>123456</b> — ok</p>');
    expect(message.attachments).toEqual([]);
  });

  it('counts attachments and inline parts of nested multiparts', () => {
    const message = parseMessage(
      crlf([
        'Content-Type: multipart/mixed; boundary=outer',
        '',
        '--outer',
        'Content-Type: multipart/related; boundary=inner',
        '',
        '--inner',
        'Content-Type: text/html',
        '',
        '<img src="cid:logo">',
        '--inner',
        'Content-Type: image/png',
        'Content-Disposition: inline',
        'Content-ID: <logo>',
        'Content-Transfer-Encoding: base64',
        '',
        'iVBORw0KGgo=',
        '--inner--',
        '--outer',
        'Content-Type: application/pdf; name="a.pdf"',
        'Content-Disposition: attachment; filename="a.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        'JVBERi0=',
        '--outer--',
      ]),
    );
    expect(message.html).toBe('<img src="cid:logo">');
    expect(message.inline).toEqual([{ fileName: '', contentType: 'image/png', contentId: 'logo', size: 8 }]);
    expect(message.attachments).toEqual([{ fileName: 'a.pdf', contentType: 'application/pdf', contentId: '', size: 5 }]);
  });

  it('reads a plain message without MIME headers', () => {
    expect(parseMessage(crlf(['Subject: hi', '', 'just text', ''])).text).toBe('just text\r\n');
  });

  it('parses content types and encoded words', () => {
    expect(parseContentType('text/HTML; charset="iso-8859-1"; format=flowed')).toEqual({
      type: 'text/html',
      params: { charset: 'iso-8859-1', format: 'flowed' },
    });
    expect(parseContentType("attachment; filename*=utf-8''na%C3%AFve.txt")).toEqual({ type: 'attachment', params: { filename: 'naïve.txt' } });
    expect(decodeEncodedWords('=?iso-8859-1?Q?caf=E9?= ok')).toBe('café ok');
  });
});
