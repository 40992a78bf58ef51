import { filetypeinfo } from 'magic-bytes.js';

/** Bytes of a file's start read to detect its type. */
export const SNIFF_BYTES = 4100;

/** The types documents accept (spec 4.5 leaves them open; docs/documents.md lists them): office, PDF, images, text, archives. */
export const DOCUMENT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/rtf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/zip',
  'application/gzip',
  'application/x-7z-compressed',
  'application/x-tar',
  'application/vnd.rar',
  'application/x-rar-compressed',
]);

const OOXML: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const TEXT: Record<string, string> = { csv: 'text/csv', md: 'text/markdown' };

const extensionOf = (fileName: string): string => /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/**
 * The type of a file from its first bytes (magic numbers, magic-bytes.js), never from what the
 * client declared. The file name only chooses between types the bytes cannot tell apart (a .docx
 * is a zip with an OOXML manifest; .doc/.xls/.ppt share one container; text has no magic). Answers
 * undefined for bytes of no known type that are not text either.
 */
export function detectFileType(head: Buffer, fileName: string): string | undefined {
  const extension = extensionOf(fileName);
  const candidates = filetypeinfo(head).filter((c) => c.mime);
  const first = candidates[0];
  if (!first) return looksLikeText(head) ? (TEXT[extension] ?? 'text/plain') : undefined;
  if (first.typename === 'zip') {
    const ooxml = OOXML[extension];
    if (ooxml && head.includes('[Content_Types].xml')) return ooxml;
    const odf = candidates.find((c) => c.extension === extension && c.mime?.startsWith('application/vnd.oasis.opendocument.'));
    if (odf && head.includes('mimetypeapplication/vnd.oasis.opendocument.')) return odf.mime;
    return 'application/zip';
  }
  return (candidates.find((c) => c.extension === extension) ?? first).mime;
}

/** Whether the bytes read as UTF-8 text: no NUL or other binary control bytes, no invalid sequence. */
export function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false;
  }
  // A multi-byte character may be cut at the end of the sniffed bytes.
  const text = new TextDecoder('utf-8').decode(head.subarray(0, head.length >= SNIFF_BYTES ? head.length - 3 : head.length));
  return !text.includes('\uFFFD');
}

export const isDocumentType = (mime: string | undefined): mime is string => mime !== undefined && DOCUMENT_TYPES.has(mime);
