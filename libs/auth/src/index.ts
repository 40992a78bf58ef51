export * from './roles';
export * from './authorities';
export type { AccessClaims, RefreshClaims, Caller, UserType } from './claims';
export {
  TokenSigner,
  ACCESS_TOKEN_SECONDS,
  REFRESH_TOKEN_SECONDS,
  SERVICE_TOKEN_SECONDS,
  SERVICE_AUDIENCE,
  type AccessClaimsInput,
  type TokenSignerOptions,
} from './token-signer';
export { keyIdOf, type KeySecrets } from './token-keys';
export { authorize, authorizeService, type AuthLevel, type AccessRule } from './access-guard';
export { lockoutAccountKey, lockoutKeys, lockoutKeysOfAccount } from './login-lockout-keys';
