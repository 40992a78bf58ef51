/**
 * The template language: plain text with
 *  - `{{name}}` a value (names like `org.name`, `user.firstName`, `code`), HTML-escaped in bodies;
 *  - `{{#flag}}…{{/flag}}` a section shown when the flag is on, `{{^flag}}…{{/flag}}` when it is off.
 * Whitespace inside the braces is allowed. Nothing else may follow `{{`.
 */
export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string; line: number }
  | { kind: 'section'; flag: string; inverted: boolean; children: TemplateNode[]; line: number };

export interface TemplateProblem {
  line: number;
  message: string;
}

export type ParseResult = { ok: true; nodes: TemplateNode[] } | { ok: false; problems: TemplateProblem[] };

const NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;
/** Longest tag content looked at, so a stray `{{` in a long body is reported, not scanned for ever. */
const MAX_TAG = 200;

export const lineAt = (source: string, offset: number): number => {
  let line = 1;
  for (let i = 0; i < offset && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
};

interface OpenSection {
  node: Extract<TemplateNode, { kind: 'section' }>;
  parent: TemplateNode[];
}

/** Parses a template, collecting every problem (unclosed tags, bad names, unbalanced sections). */
export function parseTemplate(source: string): ParseResult {
  const problems: TemplateProblem[] = [];
  const root: TemplateNode[] = [];
  const stack: OpenSection[] = [];
  let current = root;
  let position = 0;

  const pushText = (text: string) => {
    if (text) current.push({ kind: 'text', text });
  };

  while (position < source.length) {
    const open = source.indexOf('{{', position);
    if (open < 0) {
      pushText(source.slice(position));
      break;
    }
    pushText(source.slice(position, open));
    const line = lineAt(source, open);
    const close = source.indexOf('}}', open + 2);
    if (close < 0 || close - open > MAX_TAG) {
      problems.push({ line, message: '"{{" is not closed by "}}"' });
      position = open + 2;
      continue;
    }
    const inner = source.slice(open + 2, close).trim();
    position = close + 2;
    const sigil = inner[0];
    if (sigil === '#' || sigil === '^' || sigil === '/') {
      const name = inner.slice(1).trim();
      if (!NAME.test(name)) {
        problems.push({ line, message: `"{{${inner}}}" does not name a flag` });
        continue;
      }
      if (sigil === '/') {
        const top = stack.pop();
        if (!top) {
          problems.push({ line, message: `"{{/${name}}}" closes a section that was never opened` });
          continue;
        }
        if (top.node.flag !== name) {
          problems.push({ line, message: `"{{/${name}}}" closes "{{${top.node.inverted ? '^' : '#'}${top.node.flag}}}" (line ${top.node.line})` });
        }
        current = top.parent;
        continue;
      }
      const node: OpenSection['node'] = { kind: 'section', flag: name, inverted: sigil === '^', children: [], line };
      current.push(node);
      stack.push({ node, parent: current });
      current = node.children;
      continue;
    }
    if (!NAME.test(inner)) {
      problems.push({ line, message: inner === '' ? '"{{}}" names no placeholder' : `"{{${inner}}}" is not a placeholder name` });
      continue;
    }
    current.push({ kind: 'value', name: inner, line });
  }
  for (const open of stack.reverse()) {
    problems.push({ line: open.node.line, message: `"{{${open.node.inverted ? '^' : '#'}${open.node.flag}}}" is never closed` });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, nodes: root };
}

/** Every value name and flag a parsed template uses, with the line of first use. */
export function namesUsed(nodes: TemplateNode[]): { values: Map<string, number>; flags: Map<string, number> } {
  const values = new Map<string, number>();
  const flags = new Map<string, number>();
  const walk = (list: TemplateNode[]) => {
    for (const node of list) {
      if (node.kind === 'value' && !values.has(node.name)) values.set(node.name, node.line);
      if (node.kind === 'section') {
        if (!flags.has(node.flag)) flags.set(node.flag, node.line);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return { values, flags };
}
