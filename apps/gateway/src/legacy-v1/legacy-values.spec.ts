import { absoluteUrl, excerptOf, legacyDate, legacyMillis, orNull, plainText, slugOf } from './legacy-values';

describe('values in the old app’s forms', () => {
  it('writes instants as ISO 8601 seconds with an explicit +00:00 offset, and their Unix milliseconds', () => {
    expect(legacyDate('2026-03-01T09:00:00.000Z')).toBe('2026-03-01T09:00:00+00:00');
    expect(legacyDate('2026-03-01T19:00:00+10:00')).toBe('2026-03-01T09:00:00+00:00');
    expect(legacyMillis('2026-03-01T09:00:00.000Z')).toBe(Date.UTC(2026, 2, 1, 9));
    for (const none of ['', null, undefined, 'not a date']) {
      expect(legacyDate(none)).toBeNull();
      expect(legacyMillis(none)).toBeNull();
    }
  });

  it('takes the platform’s empty text as null', () => {
    expect(orNull('')).toBeNull();
    expect(orNull(undefined)).toBeNull();
    expect(orNull('Sydney')).toBe('Sydney');
  });

  it('reads the text of HTML: tags dropped, entities decoded, scripts ignored', () => {
    expect(plainText('<p>Fish &amp; chips</p><p>at&nbsp;<b>noon</b></p><script>alert(1)</script>')).toBe('Fish & chips at noon');
  });

  it('falls back to the first 30 words of the content for an empty excerpt', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(excerptOf('Given', '<p>ignored</p>')).toBe('Given');
    expect(excerptOf('', `<p>${words.join(' ')}</p>`)).toBe(`${words.slice(0, 30).join(' ')}…`);
    expect(excerptOf('  ', '<p>Short text</p>')).toBe('Short text');
  });

  it('makes slugs of names, accents and punctuation folded', () => {
    expect(slugOf('Événements & Sorties 2026')).toBe('evenements-sorties-2026');
  });

  it('makes the platform’s download paths absolute on the host the app called', () => {
    expect(absoluteUrl('/api/storage/a/b.pdf?sig=x', 'https://members.acme.org')).toBe('https://members.acme.org/api/storage/a/b.pdf?sig=x');
    expect(absoluteUrl('https://cdn.example.org/b.pdf', 'https://members.acme.org')).toBe('https://cdn.example.org/b.pdf');
  });
});
