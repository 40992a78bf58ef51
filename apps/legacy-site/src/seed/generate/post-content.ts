import type { Prng } from '../prng';
import * as V from '../vocabulary';

/** The text of generated posts: sentences of association words, in classic HTML or block markup. */

const ENTITY_SNIPPETS = ['&amp;', '&#8217;', '&nbsp;', '&quot;', '&#8211;', '&hellip;'];

export function sentence(rng: Prng, min = 6, max = 16): string {
  const words = Array.from({ length: rng.int(min, max) }, () => rng.pick(V.WORDS));
  let text = words.join(' ');
  if (rng.chance(0.25)) text = text.replace(' ', ` ${rng.pick(ENTITY_SNIPPETS)} `);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(rng: Prng): string {
  return Array.from({ length: rng.int(2, 5) }, () => sentence(rng)).join(' ');
}

type ContentPart = { kind: 'paragraph' | 'heading'; html: string } | { kind: 'list'; items: string[] } | { kind: 'image'; src: string };

function contentParts(rng: Prng, paragraphs: number, siteImage?: string): ContentPart[] {
  const parts: ContentPart[] = [];
  for (let i = 0; i < paragraphs; i++) {
    if (i === 1 && rng.chance(0.3)) parts.push({ kind: 'heading', html: sentence(rng, 3, 6).replace(/\.$/, '') });
    if (i === 2 && rng.chance(0.3)) parts.push({ kind: 'list', items: Array.from({ length: 3 }, () => sentence(rng, 3, 8)) });
    if (i === 1 && siteImage) parts.push({ kind: 'image', src: `/wp-content/uploads/${siteImage}` });
    parts.push({ kind: 'paragraph', html: paragraph(rng) });
  }
  return parts;
}

/** Classic HTML, as the CMS stored posts before its block editor. */
function classicHtml(parts: ContentPart[]): string {
  return parts
    .map((part) => {
      if (part.kind === 'heading') return `<h2>${part.html}</h2>`;
      if (part.kind === 'list') return `<ul>${part.items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
      if (part.kind === 'image') return `<p><img src="${part.src}" alt="" /></p>`;
      return `<p>${part.html}</p>`;
    })
    .join('\n');
}

export function htmlContent(rng: Prng, paragraphs: number, siteImage?: string): string {
  return classicHtml(contentParts(rng, paragraphs, siteImage));
}

const EMPTY_PARAGRAPH_BLOCK = '<!-- wp:paragraph -->\n<p></p>\n<!-- /wp:paragraph -->';

/**
 * Block markup, as the CMS's block editor stores it: each block's HTML between `<!-- wp:name -->`
 * delimiters, blocks separated by a blank line, list items as inner blocks. `emptyParagraph` adds
 * the empty paragraph block the editor leaves behind when Enter is pressed at the end.
 */
function blockMarkup(parts: ContentPart[], emptyParagraph = false): string {
  const blocks = parts.map((part) => {
    if (part.kind === 'heading') return `<!-- wp:heading -->\n<h2 class="wp-block-heading">${part.html}</h2>\n<!-- /wp:heading -->`;
    if (part.kind === 'list') {
      const items = part.items.map((item) => `<!-- wp:list-item -->\n<li>${item}</li>\n<!-- /wp:list-item -->`).join('\n\n');
      return `<!-- wp:list -->\n<ul class="wp-block-list">${items}</ul>\n<!-- /wp:list -->`;
    }
    if (part.kind === 'image') {
      return `<!-- wp:image -->\n<figure class="wp-block-image"><img src="${part.src}" alt=""/></figure>\n<!-- /wp:image -->`;
    }
    return `<!-- wp:paragraph -->\n<p>${part.html}</p>\n<!-- /wp:paragraph -->`;
  });
  if (emptyParagraph) blocks.push(EMPTY_PARAGRAPH_BLOCK);
  return blocks.join('\n\n');
}

/**
 * An article's post_content: four in five in block markup (one in seven of those ending with an
 * empty paragraph block), one in five classic HTML from before the block editor. The random draws
 * do not depend on the markup (a very long article is filled to 150,000 characters of its classic
 * form), so the text and everything generated after it are the same either way.
 */
export function articleContent(rng: Prng, i: number, veryLong: boolean): string {
  const classic = i % 5 === 2;
  const first = contentParts(rng, rng.int(3, 9));
  let content = classic ? classicHtml(first) : blockMarkup(first, i % 7 === 4);
  let classicLength = classicHtml(first).length;
  while (veryLong && classicLength < 150_000) {
    const more = contentParts(rng, 20);
    classicLength += 1 + classicHtml(more).length;
    content += classic ? `\n${classicHtml(more)}` : `\n\n${blockMarkup(more)}`;
  }
  return content;
}
