import { slugFromName } from './slug-from-name';

describe('a slug from an organisation name', () => {
  it('folds accents and case and joins words with hyphens', () => {
    expect(slugFromName('Société des Amis du Vélo')).toBe('societe-des-amis-du-velo');
    expect(slugFromName('  Rock & Roll -- Club!! ')).toBe('rock-roll-club');
  });

  it('is at most 50 characters and never ends with a hyphen', () => {
    const slug = slugFromName(`${'a'.repeat(49)} b`)!;
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('gives none for a name with nothing usable or a reserved subdomain', () => {
    expect(slugFromName('!!!')).toBeUndefined();
    expect(slugFromName('API')).toBeUndefined();
  });
});
