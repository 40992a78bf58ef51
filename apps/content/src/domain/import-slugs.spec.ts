import { BatchSlugs } from './import-slugs';

describe('the slugs of an import batch', () => {
  it('gives a slug another article holds the external id, and keeps an article its own slug', () => {
    const slugs = new BatchSlugs(new Map([['news', 'a1']]));
    expect(slugs.slugFor('news', undefined, '7')).toBe('news-7');
    expect(slugs.slugFor('news', 'a2', '8')).toBe('news-8');
    expect(slugs.slugFor('news', 'a1', '9')).toBe('news');
    expect(slugs.slugFor('free', undefined, '10')).toBe('free');
  });

  it('follows the batch: a slug written earlier is taken, one given up earlier is free', () => {
    const slugs = new BatchSlugs(new Map([['old', 'a1']]));
    slugs.moved('n1', null, 'twice');
    expect(slugs.slugFor('twice', undefined, '2')).toBe('twice-2');
    slugs.moved('a1', 'old', 'renamed');
    expect(slugs.slugFor('old', undefined, '3')).toBe('old');
    expect(slugs.slugFor('renamed', undefined, '4')).toBe('renamed-4');
  });

  it('lets go only of a slug the article still holds', () => {
    const slugs = new BatchSlugs(new Map([['shared', 'a2']]));
    slugs.moved('a1', 'shared', 'mine');
    expect(slugs.slugFor('shared', undefined, '5')).toBe('shared-5');
  });
});
