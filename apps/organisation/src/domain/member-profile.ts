/**
 * What one organisation shows of a person: the account's own email and names, unless the
 * organisation's administrators set names of their own for the membership. Those overrides live on
 * the membership only, so an edit in one organisation never changes what another one shows.
 */
export interface AccountNames {
  email: string;
  firstName: string;
  lastName: string;
}

export interface NameOverrides {
  firstNameOverride: string | null;
  lastNameOverride: string | null;
}

/** The list columns of a membership: shown values, sort keys and search text. */
export interface MemberListColumns {
  email: string;
  firstName: string;
  lastName: string;
  firstNameKey: string;
  lastNameKey: string;
  searchText: string;
}

/** Lower case, accents removed, inner spaces collapsed: `  Émile  DURAND` → `emile durand`. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function listColumns(account: AccountNames, overrides: NameOverrides): MemberListColumns {
  const firstName = overrides.firstNameOverride ?? account.firstName;
  const lastName = overrides.lastNameOverride ?? account.lastName;
  return {
    email: account.email,
    firstName,
    lastName,
    firstNameKey: fold(firstName),
    lastNameKey: fold(lastName),
    searchText: fold(`${firstName} ${lastName} ${account.email}`),
  };
}

/**
 * The override an admin's edit stores: none when the name given is the account's own (so later
 * changes of the account show through again), else the name given.
 */
export function overrideFor(given: string, accountValue: string): string | null {
  return given === accountValue ? null : given;
}

/** At most this many words of a search term are used; more only narrow an already small result. */
export const MAX_SEARCH_WORDS = 5;

/** The words of a search term, folded like the search text; each must occur in name or email. */
export function searchWords(term: string): string[] {
  const words = fold(term)
    .split(' ')
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** A LIKE pattern matching the word anywhere, with LIKE's wildcards in the word escaped. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
