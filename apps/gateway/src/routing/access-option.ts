import { type AuthLevel, type Authority, isAuthority } from '@platform/auth';

/** The `(platform.options.v1.access)` option of an exposed RPC, checked. */
export interface RouteAccess {
  auth: AuthLevel;
  authority?: Authority;
  /** HTTP status of a success: 200 unless the option says 201, 202 or 204. */
  successStatus: 200 | 201 | 202 | 204;
  /** The path variable holding the organisation id, when the option names one. */
  orgParam?: string;
  loginLockout: boolean;
  /** A multipart upload route (the `upload` option): the file's form field and size limit. */
  upload?: { fileField: string; maxBytes: number };
}

const LEVELS: Record<string, AuthLevel> = {
  AUTH_LEVEL_PUBLIC: 'public',
  AUTH_LEVEL_USER: 'user',
  AUTH_LEVEL_ADMIN: 'admin',
  AUTH_LEVEL_OWNER: 'owner',
  AUTH_LEVEL_SYS: 'sys',
};

const SUCCESS = new Set([200, 201, 202, 204]);

/** Reads the access option as proto-loader renders it; throws when it is missing or invalid. */
export function readAccessOption(raw: unknown, where: string): RouteAccess {
  if (typeof raw !== 'object' || raw === null) {
    throw new Error(`${where} is exposed over REST but has no (platform.options.v1.access) option`);
  }
  const option = raw as Record<string, unknown>;
  const auth = typeof option['auth'] === 'string' ? LEVELS[option['auth']] : undefined;
  if (!auth) throw new Error(`${where}: the access option needs an auth level (got ${String(option['auth'] ?? 'none')})`);

  const authority = typeof option['authority'] === 'string' && option['authority'] !== '' ? option['authority'] : undefined;
  if (authority !== undefined && !isAuthority(authority)) throw new Error(`${where}: unknown authority ${authority}`);
  if (authority !== undefined && auth === 'public') throw new Error(`${where}: a public route cannot require ${authority}`);

  const status = Number(option['success_status'] ?? 0) || 200;
  if (!SUCCESS.has(status)) throw new Error(`${where}: success_status ${status} is not one of 200, 201, 202, 204`);

  const orgParam = typeof option['org_param'] === 'string' && option['org_param'] !== '' ? option['org_param'] : undefined;
  return {
    auth,
    authority,
    successStatus: status as RouteAccess['successStatus'],
    orgParam,
    loginLockout: option['login_lockout'] === true,
    upload: readUpload(option['upload'], where),
  };
}

function readUpload(raw: unknown, where: string): RouteAccess['upload'] {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const upload = raw as Record<string, unknown>;
  const fileField = typeof upload['file_field'] === 'string' ? upload['file_field'] : '';
  const maxBytes = Number(upload['max_bytes'] ?? 0);
  if (fileField === '') throw new Error(`${where}: the upload option needs a file_field`);
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) throw new Error(`${where}: the upload option needs a positive max_bytes`);
  return { fileField, maxBytes };
}
