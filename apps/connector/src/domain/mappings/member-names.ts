import { decodeHTMLStrict } from 'entities';

/** Where a member's name came from when the site has none: the record's other fields, in this order. */
export type NameSource = 'display_name' | 'user_nicename' | 'email';

/** What stands for a last name no source gives (the platform requires one; an administrator can correct it). */
export const NO_LAST_NAME = '-';

/** The platform's longest name (`personName`). */
const MAX_NAME = 100;

export interface MemberNames {
  firstName: string;
  lastName: string;
  /** Where each name came from when the site's own field was empty; nothing when both were there. */
  from: { firstName?: NameSource; lastName?: NameSource | 'none' };
}

export interface NameFields {
  firstName: string;
  lastName: string;
  displayName: string;
  nicename: string;
  email: string;
}

const HAS_LETTER = /\p{L}/u;

/** The name as a person would write it: "jane" and "JANE" become "Jane", "jean-luc" "Jean-Luc"; mixed case ("McKay") is kept. */
function capitalised(word: string): string {
  if (word !== word.toLowerCase() && word !== word.toUpperCase()) return word;
  return word
    .toLowerCase()
    .split('-')
    .map((part) => {
      const [first = '', ...rest] = [...part];
      return first.toUpperCase() + rest.join('');
    })
    .join('-');
}

/** A display name's words as the person wrote them (entities decoded); emoji and other words without a letter dropped. */
function displayWords(value: string): string[] {
  return decodeHTMLStrict(value)
    .split(/\s+/u)
    .filter((word) => HAS_LETTER.test(word));
}

/**
 * A handle's words: a slug's split at its hyphens ("olivia-brown-13"), an address's at dots and
 * underscores ("jean-luc.picard+news", a hyphen there joins a compound name); no digits, no
 * "+tag", capitalised.
 */
function handleWords(value: string, separators: RegExp): string[] {
  return value
    .replace(/\+.*$/u, '')
    .split(separators)
    .map((word) => word.replace(/\d+/gu, '').replace(/^-+|-+$/gu, ''))
    .filter((word) => HAS_LETTER.test(word))
    .map(capitalised);
}

const clip = (name: string): string => [...name].slice(0, MAX_NAME).join('').trim();

/**
 * A member's first and last names. The site's own `first_name`/`last_name` when they hold
 * something (whitespace is nothing); a missing one is taken from the first of display_name,
 * user_nicename and the email address's local part that has two words or more (the first word
 * is the first name, the rest the last name), so nobody is left out for a name the platform
 * requires. When no source has two words, the first single word is the first name and
 * NO_LAST_NAME the last; an address with no letters at all gives its local part as it is.
 */
export function memberNames(fields: NameFields): MemberNames {
  let firstName = fields.firstName.trim();
  let lastName = fields.lastName.trim();
  const from: MemberNames['from'] = {};
  if (firstName && lastName) return { firstName, lastName, from };

  const local = fields.email.slice(0, Math.max(0, fields.email.lastIndexOf('@'))) || fields.email;
  const sources: Array<[NameSource, string[]]> = [
    ['display_name', displayWords(fields.displayName)],
    ['user_nicename', handleWords(fields.nicename, /[\s._-]+/u)],
    ['email', handleWords(local, /[\s._]+/u)],
  ];
  const named = sources.find(([, words]) => words.length >= 2);
  if (named) {
    const [source, [first = '', ...rest]] = named;
    if (!firstName) [firstName, from.firstName] = [clip(first), source];
    if (!lastName) [lastName, from.lastName] = [clip(rest.join(' ')), source];
    return { firstName, lastName, from };
  }
  if (!firstName) {
    const [source, [word = local.trim()] = []] = sources.find(([, words]) => words.length > 0) ?? ['email', []];
    [firstName, from.firstName] = [clip(word), source];
  }
  if (!lastName) [lastName, from.lastName] = [NO_LAST_NAME, 'none'];
  return { firstName, lastName, from };
}

const LABELS: Record<NameSource, string> = { display_name: 'display_name', user_nicename: 'user_nicename', email: 'the email address' };

/** The sync log's note of where a member's names came from; '' when the site gave both. */
export function namesNote({ from }: MemberNames): string {
  const { firstName, lastName } = from;
  if (!firstName && !lastName) return '';
  const missing = firstName && lastName ? 'no first or last name' : firstName ? 'no first name' : 'no last name';
  if (firstName && firstName === lastName) return `${missing} at the site: both taken from ${LABELS[firstName]}`;
  const parts = [
    firstName && `the first name taken from ${LABELS[firstName]}`,
    lastName === 'none' && `"${NO_LAST_NAME}" for the last name (no field gives one)`,
    lastName && lastName !== 'none' && `the last name taken from ${LABELS[lastName]}`,
  ].filter(Boolean);
  return `${missing} at the site: ${parts.join(', ')}`;
}
