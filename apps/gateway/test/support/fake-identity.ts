import { randomUUID } from 'node:crypto';
import { Metadata, Server, ServerCredentials, type ServiceError, status } from '@grpc/grpc-js';
import { type TokenSigner } from '@platform/auth';
import { ERROR_CODE_KEY } from '@platform/errors';
import { identityV1 } from '@platform/proto';

export interface FakeAccount {
  id: string;
  email: string;
  password: string;
  status: 'ACTIVE' | 'SUSPENDED';
  organizationId: string;
}

export interface FakeIdentity {
  address: string;
  accounts: Map<string, FakeAccount>;
  /** Password checks made (OrgLogin calls that reached the service). */
  passwordChecks: () => number;
  /** Metadata of every call, in order. */
  metadata: Metadata[];
  stop(): Promise<void>;
}

const fail = (code: status, platformCode: string, details: string): Partial<ServiceError> => {
  const metadata = new Metadata();
  metadata.set(ERROR_CODE_KEY, platformCode);
  return { code, details, metadata };
};

/**
 * A small real gRPC server speaking platform.identity.v1.IdentityService: logs in against an
 * in-memory account list (slowly, like bcrypt, so concurrent attempts overlap), signs real tokens,
 * and on RevokeTokens calls `onRevoke` with the session (the test publishes the event).
 */
export async function startFakeIdentity(
  signer: TokenSigner,
  onRevoke: (accountId: string, sessionId: string) => Promise<void>,
  checkMs = 30,
): Promise<FakeIdentity> {
  const accounts = new Map<string, FakeAccount>();
  const metadata: Metadata[] = [];
  let checks = 0;
  const server = new Server();
  const impl: Partial<identityV1.IdentityServiceServer> = {
    orgLogin: (call, callback) => {
      metadata.push(call.metadata);
      checks++;
      setTimeout(() => {
        const account = accounts.get(call.request.email.toLowerCase());
        if (!account || account.password !== call.request.password) {
          callback(fail(status.UNAUTHENTICATED, 'INVALID_CREDENTIALS', 'Invalid email or password'));
          return;
        }
        if (account.status === 'SUSPENDED') {
          callback(fail(status.PERMISSION_DENIED, 'ACCOUNT_DISABLED', 'This account is suspended'));
          return;
        }
        const sid = randomUUID();
        const { token } = signer.signAccess({
          sub: account.id,
          sid,
          userType: 'ORGANIZATION',
          email: account.email,
          username: account.email,
          organizationId: account.organizationId,
          organizationRole: 'MEMBER',
        });
        callback(null, { accessToken: token, refreshToken: signer.signRefresh({ sub: account.id, sid, jti: randomUUID() }), tokenType: 'Bearer', expiresIn: 3600, mfaRequired: false });
      }, checkMs);
    },
    revokeTokens: (call, callback) => {
      metadata.push(call.metadata);
      const header = String(call.metadata.get('authorization')[0] ?? '');
      const claims = signer.verifyAccess(header.replace(/^Bearer /, ''));
      onRevoke(claims.sub, claims.sid).then(
        () => callback(null, { revoked: true }),
        (err: Error) => callback({ code: status.INTERNAL, details: err.message }),
      );
    },
    getHealth: (call, callback) => {
      metadata.push(call.metadata);
      callback(null, { status: 'UP' });
    },
  };
  server.addService(identityV1.IdentityServiceService, impl as identityV1.IdentityServiceServer);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    address: `127.0.0.1:${port}`,
    accounts,
    passwordChecks: () => checks,
    metadata,
    stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
