import { checkHtml } from './html-check';
import { htmlToText } from './html-to-text';
import { DEFAULT_TEMPLATES, renderEmail, TEMPLATE_TYPES, validateTemplate, compileTemplate, SAMPLE_VALUES, VOCABULARY } from './index';
import { parseTemplate } from './parse-template';
import type { TemplateType } from './template-types';
import type { CompiledTemplate } from './validate-template';

describe('the template language', () => {
  it('parses values and sections', () => {
    const parsed = parseTemplate('Hi {{ user.firstName }}{{#resend}} again{{/resend}}{{^resend}} there{{/resend}}');
    expect(parsed).toEqual({
      ok: true,
      nodes: [
        { kind: 'text', text: 'Hi ' },
        { kind: 'value', name: 'user.firstName', line: 1 },
        { kind: 'section', flag: 'resend', inverted: false, line: 1, children: [{ kind: 'text', text: ' again' }] },
        { kind: 'section', flag: 'resend', inverted: true, line: 1, children: [{ kind: 'text', text: ' there' }] },
      ],
    });
  });

  it('reports every syntax problem with its line', () => {
    const parsed = parseTemplate('a {{}}\nb {{org name}}\n{{/x}}\n{{#open}}\nc {{user');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      { line: 1, message: '"{{}}" names no placeholder' },
      { line: 2, message: '"{{org name}}" is not a placeholder name' },
      { line: 3, message: '"{{/x}}" closes a section that was never opened' },
      { line: 5, message: '"{{" is not closed by "}}"' },
      { line: 4, message: '"{{#open}}" is never closed' },
    ]);
  });

  it('refuses sections closed in the wrong order and triple braces', () => {
    expect(validateTemplate('INVITATION', 'x', '<p>{{#hasMessage}}{{#accountCreated}}{{/hasMessage}}{{/accountCreated}}</p>')).toEqual([
      { field: 'body', message: 'line 1: "{{/hasMessage}}" closes "{{#accountCreated}}" (line 1)' },
      { field: 'body', message: 'line 1: "{{/accountCreated}}" closes "{{#hasMessage}}" (line 1)' },
    ]);
    expect(validateTemplate('WELCOME', 'x', '<p>{{{org.name}}}</p>').map((v) => v.message)).toEqual(['line 1: "{{{org.name}}" is not a placeholder name']);
  });

  it('accepts only the placeholders and flags of the type', () => {
    expect(validateTemplate('PASSWORD_RESET', 'Code {{code}}', '<p>{{code}} for {{user.firstName}} of {{org.name}}</p>')).toEqual([]);
    expect(validateTemplate('WELCOME', 'Code {{code}}', '<p>{{#resend}}x{{/resend}}</p>')).toEqual([
      { field: 'subject', message: expect.stringMatching(/^line 1: unknown placeholder \{\{code\}\} for WELCOME; known: org\.name, /) },
      { field: 'body', message: 'line 1: unknown flag {{#resend}} for WELCOME; known: accountCreated' },
    ]);
  });

  it('requires a one-line subject and a body of bounded size', () => {
    expect(validateTemplate('WELCOME', '', '')).toEqual([
      { field: 'subject', message: 'is required' },
      { field: 'body', message: 'is required' },
    ]);
    expect(validateTemplate('WELCOME', 'a\nb', '<p>x</p>')).toEqual([{ field: 'subject', message: 'must be one line' }]);
    expect(validateTemplate('WELCOME', 'x'.repeat(251), 'x'.repeat(100_001)).map((v) => v.field)).toEqual(['subject', 'body']);
  });

  it('renders values HTML-escaped in the body and as plain one-line text in the subject', () => {
    const compiled = compileTemplate(
      'INVITATION',
      '{{org.name}} invites you',
      '<p title="{{org.name}}">{{org.name}}</p>{{#hasMessage}}<p>{{message}}</p>{{/hasMessage}}',
    );
    if (!compiled.ok) throw new Error('expected a valid template');
    const rendered = renderEmail(compiled.template, { values: { 'org.name': `Tom & "Jerry's" <Club>\r\nBcc: x@y` }, flags: {} });
    expect(rendered.subject).toBe(`Tom & "Jerry's" <Club> Bcc: x@y invites you`);
    expect(rendered.html).toBe(
      '<p title="Tom &amp; &quot;Jerry&#39;s&quot; &lt;Club&gt;\r\nBcc: x@y">Tom &amp; &quot;Jerry&#39;s&quot; &lt;Club&gt;\r\nBcc: x@y</p>',
    );
  });

  it('ships a valid built-in template for every type, rendering without leftovers', () => {
    for (const type of TEMPLATE_TYPES) {
      const { subject, body } = DEFAULT_TEMPLATES[type];
      expect([type, validateTemplate(type, subject, body)]).toEqual([type, []]);
      const compiled = compileTemplate(type, subject, body);
      if (!compiled.ok) throw new Error(type);
      const rendered = renderEmail(compiled.template, SAMPLE_VALUES);
      expect(rendered.html).not.toContain('{{');
      expect(rendered.subject).not.toBe('');
      for (const name of VOCABULARY[type].placeholders) expect(SAMPLE_VALUES.values[name]).toBeDefined();
    }
  });
});

describe('checkHtml', () => {
  it('accepts well-formed HTML, void elements, optional end tags, comments and a < in text', () => {
    expect(
      checkHtml('<!DOCTYPE html><html><body><!-- c --><p>a < b<br><img src="x" alt="a>b"/><ul><li>one<li>two</ul><table><tr><td>1</table></body></html>'),
    ).toEqual([]);
    expect(checkHtml('<style>p > a { color: red }</style><p>x</p>')).toEqual([]);
  });

  it('finds unclosed, misnested and stray tags and unterminated comments', () => {
    expect(checkHtml('<div><b>x</div>')).toEqual([{ line: 1, message: '<b> is not closed before </div> (line 1)' }]);
    expect(checkHtml('<div>\n<span>x</span>')).toEqual([{ line: 1, message: '<div> is never closed' }]);
    expect(checkHtml('x</em>')).toEqual([{ line: 1, message: '</em> closes an element that is not open' }]);
    expect(checkHtml('<p>x<!-- open')).toEqual([{ line: 1, message: 'an HTML comment "<!--" is never closed by "-->"' }]);
    expect(checkHtml('<a href="x"')).toEqual([{ line: 1, message: 'the tag <a> is never closed by ">"' }]);
  });
});

describe('compileTemplate sanitises the body', () => {
  const nodesOf = (source: string) => {
    const parsed = parseTemplate(source);
    if (!parsed.ok) throw new Error('does not parse');
    return parsed.nodes;
  };
  /** A template compiled as written, without the sanitiser: what the built-ins are compared with. */
  const compileRaw = (type: TemplateType, subject: string, body: string): CompiledTemplate => ({ type, subject: nodesOf(subject), body: nodesOf(body) });

  it('sends and previews the EMAIL allow-list form: active content and loading styles never survive', () => {
    const body =
      '<p style="color:#123;background:url(https://t.example/pixel)" onclick="x()">Hi {{user.firstName}}</p><script>alert(1)</script><form action="https://evil.example"><input name="p"></form><iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">x</a>';
    const compiled = compileTemplate('WELCOME', 'Hi', body);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const { html } = renderEmail(compiled.template, SAMPLE_VALUES);
    expect(html).toBe(`<p style="color:#123">Hi ${SAMPLE_VALUES.values['user.firstName']}</p><a rel="noopener noreferrer">x</a>`);
  });

  it('keeps every built-in template intact apart from spelling (same elements and text)', () => {
    for (const type of TEMPLATE_TYPES) {
      const { subject, body } = DEFAULT_TEMPLATES[type];
      const compiled = compileTemplate(type, subject, body);
      expect(compiled.ok).toBe(true);
      if (!compiled.ok) continue;
      const tags = (html: string) => html.match(/<\/?[a-z0-9]+|\{\{[^}]+\}\}/gi);
      expect(tags(renderEmail(compiled.template, SAMPLE_VALUES).html)).toEqual(tags(renderEmail(compileRaw(type, subject, body), SAMPLE_VALUES).html));
    }
  });
});

describe('htmlToText', () => {
  it('keeps link targets, breaks blocks, decodes entities', () => {
    expect(
      htmlToText(
        '<h1>Hi &amp; welcome</h1><p>Go <a href="https://x.test/a?b=1&amp;c=2">here</a>.<br>Bye&nbsp;now</p><p><a href="https://y.test">https://y.test</a></p>',
      ),
    ).toBe('Hi & welcome\n\nGo here [https://x.test/a?b=1&c=2].\nBye now\n\nhttps://y.test');
  });
});
