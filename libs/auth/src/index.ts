export * from './roles';
export * from './authorities';
export type { AccessClaims, RefreshClaims, Caller, UserType } from './claims';
export { TokenSigner, ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type AccessClaimsInput, type TokenSignerOptions } from './token-signer';
export { authorize, authorizeService, type AuthLevel, type AccessRule } from './access-guard';
export { lockoutAccountKey, lockoutKeys, lockoutKeysOfAccount } from './login-lockout-keys';
