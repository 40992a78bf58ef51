import { containsPattern, fold, listColumns, overrideFor, searchWords } from './member-profile';

describe('what an organisation shows of a member', () => {
  const account = { email: 'ann.lee@example.org', firstName: 'Ann', lastName: 'Lee' };

  it("shows the account's names when the organisation set none", () => {
    expect(listColumns(account, { firstNameOverride: null, lastNameOverride: null })).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it("shows the organisation's own names when it set them, and sorts and searches on them", () => {
    const columns = listColumns(account, { firstNameOverride: 'Annie', lastNameOverride: 'Lée-Smith' });
    expect(columns).toEqual({
      email: 'ann.lee@example.org',
      firstName: 'Annie',
      lastName: 'Lée-Smith',
      firstNameKey: 'annie',
      lastNameKey: 'lee-smith',
      searchText: 'annie lee-smith ann.lee@example.org',
    });
  });

  it("stores no override when the admin's name is the account's own", () => {
    expect(overrideFor('Ann', 'Ann')).toBeNull();
    expect(overrideFor('Annie', 'Ann')).toBe('Annie');
  });
});

describe('member search terms', () => {
  it('folds case, accents and spaces', () => {
    expect(fold('  Émile   DURAND ')).toBe('emile durand');
    expect(fold('Zoë Ångström')).toBe('zoe angstrom');
  });

  it('splits a term into distinct folded words, at most five', () => {
    expect(searchWords(' Lee  ANN lee ')).toEqual(['lee', 'ann']);
    expect(searchWords('a b c d e f g')).toHaveLength(5);
    expect(searchWords('   ')).toEqual([]);
  });

  it("escapes LIKE's wildcards so a term matches literally", () => {
    expect(containsPattern('ann')).toBe('%ann%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
