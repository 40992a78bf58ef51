import type { TokenSigner } from '@platform/auth';
import type { SecretBox } from '@platform/crypto';
import type { Logger } from '@platform/telemetry';
import type { MembershipDirectory } from './clients/ports';
import type { IdentityMessages } from './messages/identity-messages';
import type { IdentityDb } from './store/db';

/** Limits and lifetimes from the configuration. */
export interface IdentityPolicy {
  resetCodeTtlSeconds: number;
  resetMaxCodes: number;
  resetWindowSeconds: number;
  resetMinResponseMs: number;
  mfaIssuer: string;
  mfaChallengeSeconds: number;
}

/** What identity's handlers and workflows are given by its wiring (main.ts). */
export interface IdentityDeps {
  db: IdentityDb;
  signer: TokenSigner;
  secrets: SecretBox;
  memberships: MembershipDirectory;
  messages: IdentityMessages;
  bcryptCost: number;
  /** A bcrypt hash of a random password, compared against when the email is unknown (same timing). */
  dummyHash: string;
  /** Key of the keyed hash of MFA backup codes (derived from SECRETS_KEY). */
  backupCodeKey: Buffer;
  policy: IdentityPolicy;
  logger: Logger;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}
