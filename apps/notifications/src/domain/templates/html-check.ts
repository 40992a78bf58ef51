import type { TemplateProblem } from './parse-template';
import { lineAt } from './parse-template';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose end tag HTML lets an author leave out. */
const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'option', 'colgroup', 'caption', 'html', 'head', 'body']);
/** Elements whose content is raw text up to their end tag. */
const RAW_TEXT = new Set(['style', 'title']);

interface Open {
  name: string;
  line: number;
}

/** The end of a tag that starts at `from` (the index after its name), honouring quoted attribute values. */
function tagEnd(source: string, from: number): number {
  let quote: string | undefined;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  return -1;
}

/**
 * Checks that an HTML body is well formed enough to send: every tag is closed by `>`, comments end,
 * elements are closed in order (void elements and those whose end tag HTML makes optional excepted).
 * What may be in it is the sanitiser's job (validate-template.ts), not this check's.
 * A `<` that starts no tag is text.
 */
export function checkHtml(source: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const stack: Open[] = [];
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) break;
    const line = lineAt(source, lt);
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      if (end < 0) {
        problems.push({ line, message: 'an HTML comment "<!--" is never closed by "-->"' });
        break;
      }
      i = end + 3;
      continue;
    }
    if (source[lt + 1] === '!' || source[lt + 1] === '?') {
      const end = source.indexOf('>', lt);
      if (end < 0) {
        problems.push({ line, message: `"${source.slice(lt, lt + 10)}" is never closed by ">"` });
        break;
      }
      i = end + 1;
      continue;
    }
    const closing = source[lt + 1] === '/';
    const match = /^[A-Za-z][A-Za-z0-9-]*/.exec(source.slice(lt + (closing ? 2 : 1), lt + 80));
    if (!match) {
      i = lt + 1;
      continue;
    }
    const name = match[0].toLowerCase();
    const end = tagEnd(source, lt + (closing ? 2 : 1) + match[0].length);
    if (end < 0) {
      problems.push({ line, message: `the tag <${closing ? '/' : ''}${name}> is never closed by ">"` });
      break;
    }
    i = end + 1;
    if (closing) {
      const at = stack.map((o) => o.name).lastIndexOf(name);
      if (at < 0) {
        if (!VOID.has(name)) problems.push({ line, message: `</${name}> closes an element that is not open` });
        continue;
      }
      for (const inner of stack.splice(at + 1)) {
        if (!OPTIONAL_END.has(inner.name)) problems.push({ line: inner.line, message: `<${inner.name}> is not closed before </${name}> (line ${line})` });
      }
      stack.pop();
      continue;
    }
    const selfClosing = source[end - 1] === '/';
    if (VOID.has(name) || selfClosing) continue;
    if (RAW_TEXT.has(name)) {
      const close = source.toLowerCase().indexOf(`</${name}`, i);
      if (close < 0) {
        problems.push({ line, message: `<${name}> is never closed` });
        break;
      }
      i = close;
    }
    stack.push({ name, line });
  }
  for (const open of stack) {
    if (!OPTIONAL_END.has(open.name)) problems.push({ line: open.line, message: `<${open.name}> is never closed` });
  }
  return problems;
}
