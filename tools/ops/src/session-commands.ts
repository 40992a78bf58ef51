import { status, type ServiceError } from '@grpc/grpc-js';
import { createClient, unary } from '@platform/grpc-server';
import { identityV1 } from '@platform/proto';
import { operatorName } from './account-commands';

/** Where identity answers, and the service token the CLI presents (signed with the services' key). */
export interface IdentityAccess {
  address: string;
  serviceToken: string;
}

/**
 * `revoke-sessions <email>`: asks identity (RevokeAccountSessions, a service-token RPC) to end every
 * session of the account. Identity does what a suspension does: refresh tokens revoked, an
 * `identity.session.revoked` per session through its outbox (the gateway's denylist then refuses the
 * access tokens), and SESSIONS_REVOKED in the audit log with the operator. Answers one line.
 */
export async function revokeAccountSessions(identity: IdentityAccess, email: string, operator = operatorName()): Promise<string> {
  const client = createClient(identityV1.IdentityServiceClient, identity.address);
  const address = email.trim().toLowerCase();
  try {
    const reply = await unary(client, client.revokeAccountSessions, { email: address, operator }, { token: identity.serviceToken });
    return `${address}: ${reply.revoked} session(s) revoked (account ${reply.accountId})`;
  } catch (err) {
    if ((err as Partial<ServiceError>).code === status.NOT_FOUND) throw new Error(`${address}: no account has this email address`);
    throw err;
  } finally {
    client.close();
  }
}
