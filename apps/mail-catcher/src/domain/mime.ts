/**
 * A small MIME reader: enough of RFC 5322, 2045–2047 and 2231 to show what the platform (nodemailer)
 * and ordinary clients send: headers (folded, encoded words), single-part and nested multipart
 * bodies, base64 and quoted-printable, charsets Node's TextDecoder knows.
 */
export interface MimeHeader {
  name: string;
  value: string;
}

export interface MimeAttachment {
  fileName: string;
  contentType: string;
  contentId: string;
  size: number;
}

export interface ParsedMessage {
  headers: MimeHeader[];
  text: string;
  html: string;
  attachments: MimeAttachment[];
  inline: MimeAttachment[];
}

/** Bytes held in a latin1 string (one char per byte), so splitting never breaks a UTF-8 sequence. */
type ByteString = string;

export function headerValue(headers: MimeHeader[], name: string): string {
  const lower = name.toLowerCase();
  return headers.find((h) => h.name.toLowerCase() === lower)?.value ?? '';
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim() || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export function decodeQuotedPrintable(input: ByteString): Buffer {
  const out: number[] = [];
  const text = input.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      out.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(out);
}

/** RFC 2047 encoded words (`=?utf-8?B?…?=`, `=?utf-8?Q?…?=`); whitespace between two of them goes. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, '$1')
    .replace(/=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset);
    });
}

/** Header lines (unfolded, encoded words decoded); header text is read as UTF-8 (RFC 6532). */
export function parseHeaders(block: ByteString): MimeHeader[] {
  const headers: MimeHeader[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) {
      const last = headers[headers.length - 1] as MimeHeader;
      last.value += ' ' + line.trim();
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return headers.map((h) => ({ name: h.name, value: decodeEncodedWords(Buffer.from(h.value, 'latin1').toString('utf8')) }));
}

/** `text/html; charset="utf-8"` → the type and its parameters (names lower-cased, quotes removed, RFC 2231 `name*=`). */
export function parseContentType(value: string): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  const paramPattern = /;\s*([^=\s;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of (';' + rest.join(';')).matchAll(paramPattern)) {
    let name = (match[1] ?? '').toLowerCase();
    let raw = (match[2] ?? '').trim();
    if (raw.startsWith('"')) raw = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    if (name.endsWith('*')) {
      name = name.slice(0, -1);
      const ext = /^([^']*)'[^']*'(.*)$/.exec(raw);
      if (ext) raw = decodeCharset(decodeQuotedPrintable((ext[2] ?? '').replace(/%([0-9A-Fa-f]{2})/g, '=$1')), ext[1] || 'utf-8');
    }
    params[name] = raw;
  }
  return { type: type.trim().toLowerCase() || 'text/plain', params };
}

function splitHeadAndBody(raw: ByteString): { head: ByteString; body: ByteString } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function decodeBody(body: ByteString, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

function splitMultipart(body: ByteString, boundary: string): ByteString[] {
  const delimiter = `--${boundary}`;
  const parts: ByteString[] = [];
  const lines = body.split(/\r?\n/);
  let current: string[] | undefined;
  for (const line of lines) {
    if (line === delimiter || line.startsWith(`${delimiter} `)) {
      if (current) parts.push(current.join('\r\n'));
      current = [];
    } else if (line.startsWith(`${delimiter}--`)) {
      if (current) parts.push(current.join('\r\n'));
      current = undefined;
      break;
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function walk(raw: ByteString, out: ParsedMessage, depth: number): void {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const contentType = parseContentType(headerValue(headers, 'content-type') || 'text/plain; charset=us-ascii');
  const disposition = parseContentType(headerValue(headers, 'content-disposition') || 'inline');
  const boundary = contentType.params['boundary'];
  if (contentType.type.startsWith('multipart/') && boundary && depth < 10) {
    for (const part of splitMultipart(body, boundary)) walk(part, out, depth + 1);
    return;
  }
  const bytes = decodeBody(body, headerValue(headers, 'content-transfer-encoding'));
  const fileName = disposition.params['filename'] ?? contentType.params['name'] ?? '';
  const isAttachment = disposition.type === 'attachment' || (fileName !== '' && !contentType.type.startsWith('text/'));
  if (!isAttachment && contentType.type === 'text/plain' && out.text === '') {
    out.text = decodeCharset(bytes, contentType.params['charset'] ?? 'utf-8');
  } else if (!isAttachment && contentType.type === 'text/html' && out.html === '') {
    out.html = decodeCharset(bytes, contentType.params['charset'] ?? 'utf-8');
  } else {
    const entry = { fileName, contentType: contentType.type, contentId: headerValue(headers, 'content-id').replace(/^<|>$/g, ''), size: bytes.length };
    if (disposition.type === 'inline' && entry.contentId) out.inline.push(entry);
    else out.attachments.push(entry);
  }
}

/** Parses a whole message as received over SMTP. */
export function parseMessage(raw: Buffer): ParsedMessage {
  const source = raw.toString('latin1');
  const out: ParsedMessage = { headers: parseHeaders(splitHeadAndBody(source).head), text: '', html: '', attachments: [], inline: [] };
  walk(source, out, 0);
  return out;
}
