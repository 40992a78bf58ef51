import { Parser } from 'htmlparser2';

/**
 * Values as the old app read them. Dates were ISO 8601 with the site's offset and no fraction
 * (`2026-03-01T19:00:00+10:00`); the platform keeps UTC, so they come as `…+00:00`: the same
 * instant, which a client that parses the offset reads the same.
 */
export function legacyDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return `${new Date(time).toISOString().slice(0, 19)}+00:00`;
}

/** Unix milliseconds of an ISO timestamp, or null. */
export function legacyMillis(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/** '' (the platform's "not set" for text) is the old app's null. */
export const orNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value === '' ? null : value);

/** The text of an HTML fragment: tags dropped, entities decoded, script and style ignored, white space collapsed. */
export function plainText(html: string): string {
  let text = '';
  let skipping = 0;
  const parser = new Parser({
    onopentagname: (name) => {
      if (name === 'script' || name === 'style') skipping++;
    },
    onclosetag: (name) => {
      if ((name === 'script' || name === 'style') && skipping > 0) skipping--;
      else text += ' ';
    },
    ontext: (chunk) => {
      if (skipping === 0) text += chunk;
    },
  });
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, ' ').trim();
}

/** The excerpt, or the first 30 words of the content's text when it is empty (the site's fallback). */
export function excerptOf(excerpt: string | undefined, html: string | undefined, words = 30): string {
  if (excerpt && excerpt.trim() !== '') return excerpt;
  const all = plainText(html ?? '')
    .split(' ')
    .filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}

/** A slug of a name (category and tag names, which the platform keeps without slugs). */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The absolute URL of a path the platform answers (signed download paths), on the host the app called. */
export function absoluteUrl(url: string, origin: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}
