import type { TemplateNode } from './parse-template';
import type { TemplateValues } from './template-types';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A header value: no line breaks (they would start a new header), collapsed spaces. */
export const headerSafe = (value: string): string =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

export type RenderMode = 'html' | 'subject';

/**
 * Renders parsed nodes. In `html` mode values are HTML-escaped (a member named `<b>Bob</b>` shows
 * literally); in `subject` mode they are inserted as text and the result is made header-safe.
 * A value or flag without data renders as empty text / off.
 */
export function renderNodes(nodes: TemplateNode[], data: TemplateValues, mode: RenderMode): string {
  const out: string[] = [];
  const walk = (list: TemplateNode[]) => {
    for (const node of list) {
      switch (node.kind) {
        case 'text':
          out.push(node.text);
          break;
        case 'value': {
          const value = data.values[node.name] ?? '';
          out.push(mode === 'html' ? escapeHtml(value) : value);
          break;
        }
        case 'section':
          if (Boolean(data.flags[node.flag]) !== node.inverted) walk(node.children);
          break;
        default: {
          const unreachable: never = node;
          throw new Error(`unknown template node ${JSON.stringify(unreachable)}`);
        }
      }
    }
  };
  walk(nodes);
  const rendered = out.join('');
  return mode === 'subject' ? headerSafe(rendered) : rendered;
}
