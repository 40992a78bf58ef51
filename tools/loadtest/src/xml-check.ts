/**
 * A small well-formedness check for the SVG this tool writes (tests only): elements nest and
 * close, attributes are quoted and unique, `&` only starts an entity, `<` only a tag.
 * Answers true or the first problem found.
 */
export function wellFormed(xml: string): true | string {
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/y;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text)) return `a bare & in text near ${i}`;
    if (lt === -1) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) return `a malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`;
    const [, closing, name = '', attrs = '', selfClosing] = m;
    const names = [...attrs.matchAll(/([\w:.-]+)\s*=/g)].map((a) => a[1]);
    if (new Set(names).size !== names.length) return `a repeated attribute on <${name}>`;
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(attrs)) return `a bare & in an attribute of <${name}>`;
    if (closing) {
      if (stack.pop() !== name) return `</${name}> closes nothing open`;
    } else if (!selfClosing) stack.push(name);
    i = tag.lastIndex;
  }
  return stack.length === 0 ? true : `<${stack.join('>, <')}> not closed`;
}
