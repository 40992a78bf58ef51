import { parseDocument } from 'htmlparser2';

/**
 * The top-level blocks of an article's source, read by the legacy site's `articleContent` rule
 * (docs/legacy-site.md): CMS block markup (`<!-- wp:name {json} -->` … `<!-- /wp:name -->`) or
 * classic HTML (one block per top-level element, text outside elements a block of its own). Each
 * block is its source with every HTML comment removed, trimmed; empty blocks are dropped.
 */
export function sourceBlocks(source: string): string[] {
  const blocks: string[] = [];
  const stack: number[] = []; // where each open block's HTML starts
  let classicFrom = 0; // start of HTML between top-level blocks
  const delimiter = /<!--\s*(\/)?wp:[a-z0-9_-]+(?:\/[a-z0-9_-]+)?(?:\s[\s\S]*?)?\s*(\/)?-->/gi;
  for (const match of source.matchAll(delimiter)) {
    const at = match.index;
    const end = at + match[0].length;
    const closing = Boolean(match[1]);
    const selfClosing = Boolean(match[2]);
    if (closing) {
      const start = stack.pop();
      if (start === undefined) continue; // a closing delimiter with nothing open is ignored
      if (stack.length === 0) {
        blocks.push(blockHtml(source.slice(start, at)));
        classicFrom = end;
      }
      continue;
    }
    if (stack.length === 0) {
      blocks.push(...classicBlocks(source.slice(classicFrom, at)));
      classicFrom = end;
    }
    if (!selfClosing) stack.push(end);
  }
  const [first] = stack;
  if (first !== undefined)
    blocks.push(blockHtml(source.slice(first))); // a block left open runs to the end
  else blocks.push(...classicBlocks(source.slice(classicFrom)));
  return blocks.filter((html) => html !== '' && !isEmptyHtml(html));
}

/** The legacy reading's `content`: the blocks' HTML joined with a single newline. */
export function sourceContent(source: string): string {
  return sourceBlocks(source).join('\n');
}

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const EDGE_WHITESPACE = /^[ \t\r\n\f]+|[ \t\r\n\f]+$/g;

function blockHtml(html: string): string {
  return html.replace(COMMENT, '').replace(EDGE_WHITESPACE, '');
}

/** Classic HTML: one block per top-level element (its source as written), text between them a block. */
function classicBlocks(html: string): string[] {
  if (html.trim() === '') return [];
  const doc = parseDocument(html, { withStartIndices: true, withEndIndices: true, decodeEntities: false });
  const out: string[] = [];
  let text = '';
  const flushText = () => {
    const block = blockHtml(text);
    if (block) out.push(block);
    text = '';
  };
  for (const node of doc.children) {
    if (node.type === 'comment') continue;
    const slice = html.slice(node.startIndex ?? 0, (node.endIndex ?? html.length - 1) + 1);
    if (node.type === 'text') {
      text += slice;
      continue;
    }
    flushText();
    const block = blockHtml(slice);
    if (block) out.push(block);
  }
  flushText();
  return out;
}

const MEDIA = /<(img|picture|video|audio|iframe|embed|object|svg|canvas|hr)\b/i;

/** A character that is not whitespace before any `&` or `<`: the parser hands such text on as it is. */
const PLAIN_TEXT_FIRST = /^[^&<]*[^&<\s]/;

/** No text (tags removed, entities decoded, whitespace and no-break spaces ignored) and no media element. */
export function isEmptyHtml(html: string): boolean {
  if (MEDIA.test(html)) return false;
  const text = textSource(html);
  // Most blocks start with a plain word: that settles it without parsing (same answer as htmlText).
  if (PLAIN_TEXT_FIRST.test(text)) return false;
  return decodedText(text) === '';
}

/** The text of HTML: script and style dropped, tags replaced by spaces, entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return decodedText(textSource(html));
}

/** HTML without comments, scripts, styles and tags (each replaced by a space), entities not yet decoded. */
function textSource(html: string): string {
  const withoutCode = html.replace(COMMENT, ' ').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  return withoutCode.replace(/<[^>]*>/g, ' ');
}

function decodedText(source: string): string {
  const doc = parseDocument(source, { decodeEntities: true });
  const text = doc.children.map((n) => ('data' in n ? n.data : '')).join('');
  return text.replace(/\s+/g, ' ').trim();
}

/** The excerpt fallback: the first `words` words of the text of the HTML, joined by one space, no ellipsis. */
export function firstWords(html: string, words = 30): string {
  const text = htmlText(html);
  return text === '' ? '' : text.split(' ').slice(0, words).join(' ');
}

/**
 * firstWords of sanitised blocks joined by newlines, reading only the blocks it needs. The same
 * words: in sanitised HTML every `<` opens a tag that ends in its block and every `&` starts a
 * whole entity, so no text runs from one block into the next.
 */
export function firstWordsOfBlocks(blocks: readonly string[], words = 30): string {
  const found: string[] = [];
  for (const block of blocks) {
    if (found.length >= words) break;
    const text = htmlText(block);
    if (text !== '') found.push(...text.split(' '));
  }
  return found.slice(0, words).join(' ');
}
