import type { Db } from '../store/db';
import { findLiveAccountsByEmail, insertAccountsWithoutPassword } from '../store/accounts';
import type { Account } from '../store/generated/client';

/** A person to find or create an account for: checked, the email normalised. */
export interface PersonToEnsure {
  email: string;
  firstName: string;
  lastName: string;
}

export interface EnsuredAccount {
  account: Account;
  /** True when this call created it. */
  created: boolean;
}

/**
 * EnsureAccount for many people in three statements: the live accounts with these addresses, one
 * insert of the missing ones (password-less and ACTIVE, as EnsureAccount creates them; an address
 * another request took meanwhile is skipped), then the rows of those addresses. Answers by address;
 * an address with no account after that (taken, then discarded meanwhile) is absent.
 */
export async function ensureAccounts(db: Db, people: readonly PersonToEnsure[]): Promise<Map<string, EnsuredAccount>> {
  // The first entry of an address names the account it creates, as the first of several EnsureAccount calls would.
  const firstByEmail = new Map<string, PersonToEnsure>();
  for (const person of people) if (!firstByEmail.has(person.email)) firstByEmail.set(person.email, person);

  const found = new Map<string, EnsuredAccount>();
  if (firstByEmail.size === 0) return found;
  for (const account of await findLiveAccountsByEmail(db, [...firstByEmail.keys()])) found.set(account.email, { account, created: false });
  const missing = [...firstByEmail.values()].filter((person) => !found.has(person.email));
  if (missing.length === 0) return found;

  const created = new Set(await insertAccountsWithoutPassword(db, missing));
  const fresh = await findLiveAccountsByEmail(
    db,
    missing.map((person) => person.email),
  );
  for (const account of fresh) found.set(account.email, { account, created: created.has(account.id) });
  return found;
}
