import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * The site's uploads are generated on request from their path, always the same bytes for the same
 * path, so file and image URLs in records can be downloaded without storing any file. Paths under
 * `missing/` answer 404, to stand for a file deleted from the server while its post remains.
 */

export const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  png: 'image/png',
};

export interface UploadFile {
  contentType: string;
  body: Buffer;
}

const SAFE_PATH_RE = /^[A-Za-z0-9._\-/]+$/;
const DEFAULT_IMAGE = { width: 800, height: 600 };

export function extensionOf(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  const name = clean.slice(clean.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The file at a path relative to the uploads folder, or null when there is none. */
export function renderUpload(path: string): UploadFile | null {
  if (!SAFE_PATH_RE.test(path) || path.split('/').some((seg) => seg === '..' || seg === '')) return null;
  if (path.startsWith('missing/')) return null;
  const ext = extensionOf(path);
  const contentType = MIME_TYPES[ext];
  if (!contentType) return null;
  const seed = createHash('sha256').update(path).digest();
  switch (ext) {
    case 'png': {
      const m = /-(\d{1,4})x(\d{1,4})\.png$/.exec(path);
      const width = m ? Math.min(2000, Math.max(1, Number(m[1]))) : DEFAULT_IMAGE.width;
      const height = m ? Math.min(2000, Math.max(1, Number(m[2]))) : DEFAULT_IMAGE.height;
      return { contentType, body: png(width, height, [seed.readUInt8(0), seed.readUInt8(1), seed.readUInt8(2)]) };
    }
    case 'pdf':
      return { contentType, body: pdf(`Document ${path}`) };
    case 'txt':
      return { contentType: `${contentType}; charset=utf-8`, body: Buffer.from(`File ${path}\n${seed.toString('hex')}\n`) };
    case 'csv':
      return { contentType: `${contentType}; charset=utf-8`, body: Buffer.from(`file,checksum\n${path},${seed.toString('hex')}\n`) };
    case 'docx':
    case 'xlsx':
    case 'pptx':
    case 'zip':
      return { contentType, body: emptyZip(`${path} ${seed.toString('hex').slice(0, 16)}`) };
    default:
      return { contentType, body: pseudoRandomBytes(seed, 2048 + (seed.readUInt8(3) << 4)) };
  }
}

function pseudoRandomBytes(seed: Buffer, length: number): Buffer {
  const chunks: Buffer[] = [];
  let block = seed;
  let size = 0;
  while (size < length) {
    block = createHash('sha256').update(block).digest();
    chunks.push(block);
    size += block.length;
  }
  return Buffer.concat(chunks).subarray(0, length);
}

/** A ZIP archive with no entries and a comment (what an empty Office file container looks like). */
function emptyZip(comment: string): Buffer {
  const text = Buffer.from(comment.slice(0, 200));
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(text.length, 20);
  return Buffer.concat([eocd, text]);
}

/** A one-page PDF showing a line of text. */
function pdf(title: string): Buffer {
  const escaped = title.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 14 Tf 72 770 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A solid-colour RGB PNG with a diagonal band, so different files look different. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) {
      const band = Math.abs(x - (y * width) / height) < width / 10;
      const o = y * row + 1 + x * 3;
      raw[o] = band ? 255 - rgb[0] : rgb[0];
      raw[o + 1] = band ? 255 - rgb[1] : rgb[1];
      raw[o + 2] = band ? 255 - rgb[2] : rgb[2];
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
