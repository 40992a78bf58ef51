import type { CallContext } from '@platform/grpc-server';
import type { MembershipView } from '../domain/membership-choice';

/** Where identity learns an account's memberships (the organisation service, over gRPC). */
export interface MembershipDirectory {
  listMemberships(accountId: string, parent?: CallContext): Promise<MembershipView[]>;
}
