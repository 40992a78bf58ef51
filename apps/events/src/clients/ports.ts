import type { CallContext } from '@platform/grpc-server';

/** A person as the emails about their registration address them. */
export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

/** Identity's accounts (internal RPC GetAccount). */
export interface Accounts {
  /** The account, or undefined when there is none. */
  person(accountId: string, parent?: CallContext): Promise<Person | undefined>;
}

/** The organisation service: memberships (internal ListAccountMemberships) and the public slug lookup. */
export interface Organisations {
  /** True when the account is an ACTIVE member of the organisation. */
  isActiveMember(organizationId: string, accountId: string, parent?: CallContext): Promise<boolean>;
  /** The organisation with the slug, or undefined when there is none. */
  bySlug(slug: string, parent?: CallContext): Promise<{ id: string; name: string } | undefined>;
}
