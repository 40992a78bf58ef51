import { DomUtils, parseDocument } from 'htmlparser2';
import { sanitiseHtml } from '@platform/html';
import { firstWordsOfBlocks, htmlText, isEmptyHtml, sourceBlocks } from './legacy-blocks';

export type ContentBlockType = 'paragraph' | 'heading' | 'list' | 'image' | 'quote' | 'embed' | 'html';

/** One block of an article's structured form (proto ContentBlock). */
export interface ContentBlock {
  type: ContentBlockType;
  text: string;
  html: string;
  level: number;
  ordered: boolean;
  items: string[];
  url: string;
  alt: string;
  caption: string;
}

export interface ArticleContent {
  /** Sanitised HTML: the blocks joined with a newline. */
  html: string;
  blocks: ContentBlock[];
  /** The first 30 words of the text (the excerpt when none is given). */
  fallbackExcerpt: string;
}

/**
 * THE parser of article content, for the REST API and the connector alike: reads HTML or CMS block
 * markup into top-level blocks (the legacy site's `articleContent` rule, see legacy-blocks.ts),
 * sanitises each, drops those left empty, and gives each its structured form.
 */
export function parseArticleContent(source: string): ArticleContent {
  const safe = sourceBlocks(source)
    .map((html) => sanitiseHtml(html, 'ARTICLE'))
    .filter((html) => html !== '' && !isEmptyHtml(html));
  const html = safe.join('\n');
  return {
    html,
    blocks: safe.map(structuredBlock),
    // Read only when no excerpt is given (most imported articles have one).
    get fallbackExcerpt() {
      return firstWordsOfBlocks(safe);
    },
  };
}

type Doc = ReturnType<typeof parseDocument>;
type Node = Doc['children'][number];
type Element = Parameters<typeof DomUtils.getAttributeValue>[0];

const isElement = (node: Node): node is Element => DomUtils.isTag(node);
const children = (node: Node): Node[] => ('children' in node ? (node.children as Node[]) : []);
const BLOCK_LEVEL = /^(p|div|li|h[1-6]|br|ul|ol|blockquote|figcaption|figure|tr|td|th)$/i;
const text = (node: Node): string => {
  if (node.type === 'text') return node.data;
  if (isElement(node) && (node.name === 'script' || node.name === 'style')) return '';
  const inner = children(node).map(text).join('');
  return isElement(node) && BLOCK_LEVEL.test(node.name) ? ` ${inner} ` : inner;
};
const clean = (value: string): string => value.replace(/\s+/g, ' ').trim();

function find(node: Node, test: (el: Element) => boolean): Element | undefined {
  for (const child of children(node)) {
    if (isElement(child) && test(child)) return child;
    const inner = find(child, test);
    if (inner) return inner;
  }
  return undefined;
}

const blank = (type: ContentBlockType, html: string): ContentBlock => ({
  type,
  text: '',
  html,
  level: 0,
  ordered: false,
  items: [],
  url: '',
  alt: '',
  caption: '',
});

/** The structured form of one sanitised block, by its single top-level element; anything else is `html`. */
export function structuredBlock(html: string): ContentBlock {
  const doc = parseDocument(html, { decodeEntities: true });
  const roots = doc.children.filter((n) => isElement(n) || (n.type === 'text' && n.data.trim() !== ''));
  const [root] = roots;
  if (roots.length !== 1 || !root || !isElement(root)) {
    return roots.length === 1 && root?.type === 'text' ? { ...blank('paragraph', html), text: clean(htmlText(html)) } : blank('html', html);
  }
  const name = root.name.toLowerCase();
  const heading = /^h([1-6])$/.exec(name);
  if (heading) return { ...blank('heading', html), text: clean(text(root)), level: Number(heading[1]) };
  switch (name) {
    case 'p': {
      const onlyImage = find(root, (el) => el.name === 'img');
      if (onlyImage && clean(text(root)) === '') return imageBlock(html, onlyImage, '');
      return { ...blank('paragraph', html), text: clean(text(root)) };
    }
    case 'ul':
    case 'ol': {
      const items = children(root).filter((n): n is Element => isElement(n) && n.name === 'li');
      return { ...blank('list', html), ordered: name === 'ol', items: items.map((li) => clean(text(li))) };
    }
    case 'blockquote':
      return { ...blank('quote', html), text: clean(text(root)) };
    case 'img':
      return imageBlock(html, root, '');
    case 'iframe':
    case 'video':
    case 'audio':
      return { ...blank('embed', html), url: root.attribs['src'] ?? '' };
    case 'figure':
      return figureBlock(html, root);
    default:
      return blank('html', html);
  }
}

function imageBlock(html: string, img: Element, caption: string): ContentBlock {
  return { ...blank('image', html), url: img.attribs['src'] ?? '', alt: img.attribs['alt'] ?? '', caption };
}

/** A figure is an image (img + figcaption) or an embed (iframe, video, or a CMS embed holding its URL as text). */
function figureBlock(html: string, figure: Element): ContentBlock {
  const captionEl = find(figure, (el) => el.name === 'figcaption');
  const caption = captionEl ? clean(text(captionEl)) : '';
  const media = find(figure, (el) => el.name === 'iframe' || el.name === 'video' || el.name === 'audio');
  if (media) return { ...blank('embed', html), url: media.attribs['src'] ?? '', caption };
  const img = find(figure, (el) => el.name === 'img');
  if (img) return imageBlock(html, img, caption);
  const classes = figure.attribs['class'] ?? '';
  const url = /https?:\/\/\S+/.exec(clean(text(figure)))?.[0];
  if (classes.includes('wp-block-embed') && url) return { ...blank('embed', html), url, caption };
  return blank('html', html);
}
