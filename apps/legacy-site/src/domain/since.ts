import { LegacyError } from './errors';

const UNIX_RE = /^\d{1,11}(\.\d+)?$/;
const ISO_RE = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;
// A `+` left unencoded in a query string arrives as a space: `2024-05-01T10:00:00 10:00`.
const SPACE_FOR_PLUS_RE = /^(.*T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:?\d{2})$/i;

/**
 * The `since` parameter of the sync pulls: an ISO 8601 date-time (without a zone it is read as UTC),
 * an ISO date (midnight UTC) or Unix seconds. Empty means no filter.
 */
export function parseSince(raw: unknown): Date | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0) return new Date(raw * 1000);
  if (typeof raw !== 'string') throw invalid();
  let text = raw.trim();
  if (UNIX_RE.test(text)) return new Date(Math.floor(Number(text) * 1000));
  const spaced = SPACE_FOR_PLUS_RE.exec(text);
  if (spaced) text = `${spaced[1]}+${spaced[2]}`;
  const m = ISO_RE.exec(text);
  if (!m) throw invalid();
  const [, day, time, zone] = m;
  let zoneText = zone ?? 'Z';
  if (/^[+-]\d{4}$/.test(zoneText)) zoneText = `${zoneText.slice(0, 3)}:${zoneText.slice(3)}`;
  const ms = Date.parse(`${day}T${time ?? '00:00:00'}${zoneText.toUpperCase()}`);
  if (Number.isNaN(ms)) throw invalid();
  return new Date(ms);
}

function invalid(): LegacyError {
  return LegacyError.invalidParam('since', 'since must be an ISO 8601 date-time or a Unix timestamp in seconds.');
}
