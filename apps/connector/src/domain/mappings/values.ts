/** Text of a source value: strings as they are, numbers as digits, anything else (null, missing) empty. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The CMS's loose flags: true, 1, '1', 'true', 'yes', 'on'; anything else (null, missing, '') false. */
export function flag(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === 'string' && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

const CMS_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/** A CMS `*_gmt` date (`YYYY-MM-DD HH:MM:SS`, UTC); undefined when missing, zero (`0000-00-00 …`) or not a date. */
export function gmtDate(value: unknown): Date | undefined {
  const match = typeof value === 'string' ? CMS_DATE.exec(value.trim()) : null;
  if (!match) return undefined;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y === 0) return undefined;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(date.getTime()) || date.getUTCMonth() !== mo - 1 ? undefined : date;
}

/** A local wall-clock time as Unix milliseconds (how the site stores event times) → the UTC instant, by the offset east of UTC. */
export function localMillisToUtc(value: unknown, offsetMinutes: number): Date | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(ms)) return undefined;
  return new Date(ms - offsetMinutes * 60_000);
}

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

/** The MIME type from a file URL's extension (query and fragment ignored); application/octet-stream when unknown. */
export function mimeTypeOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  return MIME_TYPES[ext] ?? 'application/octet-stream';
}

/** The id of a source record as its externalId; undefined when it has none. */
export function externalIdOf(record: Record<string, unknown>): string | undefined {
  const id = record['id'];
  if (typeof id === 'number' && Number.isInteger(id)) return String(id);
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  return undefined;
}
