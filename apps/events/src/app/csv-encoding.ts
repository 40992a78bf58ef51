import { TextDecoder } from 'node:util';
import { filetypeinfo } from 'magic-bytes.js';
import { fileError } from './csv-errors';

/** Bytes looked at before the encoding is chosen: a byte order mark, or a binary file's signature. */
const SNIFF_BYTES = 64;

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

const SAVE_AS_UTF8 = 'save it from the spreadsheet as "CSV UTF-8"';

/**
 * The file's text, decoded as it streams in. UTF-8 (with or without a BOM) is read; UTF-16 is read
 * when its BOM declares it (Excel's "Unicode text"). Nothing is guessed: bytes that are not text in
 * that encoding, and NUL characters (which no text has and the database cannot store), refuse the
 * file naming their line; a binary file of a known type (a PNG, an .xlsx) is refused by its name.
 */
export async function* csvText(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string, void, undefined> {
  let head: Uint8Array = new Uint8Array(0);
  let decoder: TextStream | undefined;
  for await (const chunk of chunks) {
    let text: string;
    if (decoder) text = decoder.decode(chunk);
    else {
      head = concat(head, chunk);
      if (head.length < SNIFF_BYTES) continue;
      decoder = openText(head);
      text = decoder.decode(head);
    }
    if (text) yield text;
  }
  if (!decoder) {
    if (head.length === 0) return;
    decoder = openText(head);
    const text = decoder.decode(head);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

function openText(head: Uint8Array): TextStream {
  const encoding: Encoding = head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : 'utf-8';
  if (encoding === 'utf-8' && !looksLikeText(head)) {
    const kind = binaryKind(head);
    if (kind) throw fileError(`is ${kind}, not CSV text: ${SAVE_AS_UTF8}`);
  }
  return new TextStream(encoding);
}

/** Whether the bytes start as text: valid UTF-8 so far, no control character a text file would not have. */
function looksLikeText(head: Uint8Array): boolean {
  try {
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    return !/[\0-\x08\x0e-\x1a\x1c-\x1f]/.test(new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true }));
  } catch {
    return false;
  }
}

/** The binary type the bytes start with, in words ("a PNG file"), from their signature (magic-bytes.js). */
function binaryKind(head: Uint8Array): string | undefined {
  const types = filetypeinfo(head).filter((t) => !t.mime?.startsWith('text/'));
  const first = types[0];
  if (!first) return undefined;
  const workbook = types.some((t) => ['xlsx', 'xls', 'ods'].includes(t.extension ?? '')) ? ' (a spreadsheet workbook is one)' : '';
  return `a ${first.typename.toUpperCase()} file${workbook}`;
}

/** A strict streaming decoder that knows the line it has reached, to name the line of a bad byte. */
class TextStream {
  private readonly decoder: TextDecoder;
  private readonly lines = new LineCounter();
  private started = false;
  /** Bytes given to the decoder that it has not turned into characters yet (a character cut between chunks), at most 3. */
  private pending: Uint8Array = new Uint8Array(0);

  constructor(private readonly encoding: Encoding) {
    // The BOM is kept in the text and dropped below, so that bytes and characters stay in step.
    this.decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  }

  decode(bytes: Uint8Array): string {
    return this.read(bytes, false);
  }

  end(): string {
    return this.read(new Uint8Array(0), true);
  }

  private read(bytes: Uint8Array, end: boolean): string {
    const fed = concat(this.pending, bytes);
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: !end });
    } catch {
      throw this.notText(fed);
    }
    this.pending = fed.subarray(encodedLength(this.encoding, text));
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    const nul = text.indexOf('\0');
    if (nul !== -1) {
      throw fileError(
        `contains a NUL character, which text never has: the file is binary, or UTF-16 without its byte order mark; ${SAVE_AS_UTF8}`,
        this.lines.lineAt(text, nul),
      );
    }
    this.lines.add(text);
    return text;
  }

  /** The refusal for bytes that failed to decode: the longest prefix a fresh decoder reads tells where the bad byte is. */
  private notText(fed: Uint8Array) {
    const prefix = (length: number): string | undefined => {
      try {
        return new TextDecoder(this.encoding, { fatal: true, ignoreBOM: true }).decode(fed.subarray(0, length), { stream: true });
      } catch {
        return undefined;
      }
    };
    // Decoding a prefix fails once it holds the bad byte, and only then: a binary search finds it.
    // When all of it decodes, the file ended inside a character.
    let good = prefix(fed.length) === undefined ? 0 : fed.length;
    let bad = fed.length;
    while (bad - good > 1) {
      const middle = (good + bad) >> 1;
      if (prefix(middle) === undefined) bad = middle;
      else good = middle;
    }
    const text = prefix(good) ?? '';
    const line = this.lines.lineAt(text, text.length);
    if (this.encoding !== 'utf-8') return fileError(`is not valid ${this.encoding.toUpperCase()} text; ${SAVE_AS_UTF8}`, line);
    const byte = fed[encodedLength('utf-8', text)] ?? 0;
    return fileError(
      `is not UTF-8 text (byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}): the file is saved in another encoding, such as Windows-1252 or Latin-1; ${SAVE_AS_UTF8}`,
      line,
    );
  }
}

const encodedLength = (encoding: Encoding, text: string): number => (encoding === 'utf-8' ? Buffer.byteLength(text, 'utf8') : text.length * 2);

/** Counts line ends as csv-parse does (CRLF, LF or a lone CR), across pieces of text. */
class LineCounter {
  private breaks = 0;
  private afterCR = false;

  add(text: string): void {
    this.breaks += countBreaks(text, this.afterCR);
    if (text.length > 0) this.afterCR = text.endsWith('\r');
  }

  /** The line of the character at `index` of text that follows what was added. */
  lineAt(text: string, index: number): number {
    return this.breaks + countBreaks(text.slice(0, index), this.afterCR) + 1;
  }
}

function countBreaks(text: string, afterCR: boolean): number {
  const breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
  // A CRLF cut between two pieces was counted with its CR.
  return afterCR && text.startsWith('\n') ? breaks - 1 : breaks;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
