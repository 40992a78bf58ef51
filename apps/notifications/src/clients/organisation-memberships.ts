import { createClient, unary, type ServiceTokens } from '@platform/grpc-server';
import { organisationV1 } from '@platform/proto';
import type { MembershipSnapshotSource } from './ports';

export interface OrganisationMembershipsOptions {
  address: string;
  tokens: ServiceTokens;
  /** Deadline of one page (default 30 s: a page of 1000 memberships is one indexed query). */
  timeoutMs?: number;
}

/** The organisation service's internal `ListMembershipSnapshot`, called with this service's token. */
export function organisationMembershipSnapshot(options: OrganisationMembershipsOptions): MembershipSnapshotSource {
  const client = createClient(organisationV1.OrganisationServiceClient, options.address);
  return {
    page: (afterId, limit) =>
      unary(client, client.listMembershipSnapshot, { afterId, limit }, { token: options.tokens.current(), timeoutMs: options.timeoutMs ?? 30_000 }),
    close: () => client.close(),
  };
}
