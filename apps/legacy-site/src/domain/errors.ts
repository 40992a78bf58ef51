/**
 * Errors of the plugin API. The body is the CMS's REST error shape `{code, message, data: {status}}`;
 * each code has exactly one HTTP status (spec section 7), written beside it in this one table.
 */
const LEGACY_ERRORS = {
  /** Missing token, or missing credentials at login. */
  JWT_BAD_REQUEST: { code: 'jwt_auth_bad_request', status: 400 },
  /** Token that is malformed, expired, signed with another key, or of an ended session. */
  JWT_INVALID_TOKEN: { code: 'jwt_auth_invalid_token', status: 401 },
  /** Unknown user or wrong password: 403, as the CMS's JWT plugin answers (the mobile app expects that). */
  JWT_AUTH_FAILED: { code: 'jwt_auth_failed', status: 403 },
  JWT_INVALID_REFRESH_TOKEN: { code: 'jwt_auth_invalid_refresh_token', status: 401 },
  INVALID_DEEPLINK: { code: 'jwt_auth_invalid_deeplink', status: 401 },
  FORBIDDEN: { code: 'rest_forbidden', status: 403 },
  NO_ROUTE: { code: 'rest_no_route', status: 404 },
  INVALID_PARAM: { code: 'rest_invalid_param', status: 400 },
  MISSING_PARAM: { code: 'rest_missing_callback_param', status: 400 },
  INVALID_JSON: { code: 'rest_invalid_json', status: 400 },
  USER_NOT_FOUND: { code: 'rest_user_invalid_id', status: 404 },
  POST_NOT_FOUND: { code: 'rest_post_invalid_id', status: 404 },
  EXISTING_EMAIL: { code: 'existing_user_email', status: 400 },
  EXISTING_LOGIN: { code: 'existing_user_login', status: 400 },
  SYNC_KEY_MISSING: { code: 'association_sync_key_missing', status: 401 },
  SYNC_KEY_INVALID: { code: 'association_sync_key_invalid', status: 401 },
  SYNC_KEY_NOT_GENERATED: { code: 'association_sync_key_not_generated', status: 503 },
  READ_ONLY: { code: 'association_read_only', status: 403 },
  /** The site's database does not answer (the ping reports it, so readiness reflects it). */
  UNAVAILABLE: { code: 'association_database_unavailable', status: 503 },
  INTERNAL: { code: 'internal_server_error', status: 500 },
} as const satisfies Record<string, { code: string; status: 400 | 401 | 403 | 404 | 500 | 503 }>;

type LegacyErrorName = keyof typeof LEGACY_ERRORS;

/** The CMS's error codes by name: `LegacyErrorCode.NO_ROUTE` is `'rest_no_route'`. */
export const LegacyErrorCode = Object.fromEntries(Object.entries(LEGACY_ERRORS).map(([name, { code }]) => [name, code])) as {
  readonly [N in LegacyErrorName]: (typeof LEGACY_ERRORS)[N]['code'];
};
export type LegacyErrorCode = (typeof LegacyErrorCode)[LegacyErrorName];

const STATUS_OF = Object.fromEntries(Object.values(LEGACY_ERRORS).map(({ code, status }) => [code, status])) as Record<LegacyErrorCode, number>;

/** The one HTTP status of an error code. */
export function statusOf(code: LegacyErrorCode): number {
  return STATUS_OF[code];
}

export interface LegacyErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}

export class LegacyError extends Error {
  readonly status: number;

  constructor(
    readonly code: LegacyErrorCode,
    message: string,
    readonly params?: Record<string, string>,
  ) {
    super(message);
    this.name = 'LegacyError';
    this.status = statusOf(code);
  }

  static invalidParam(param: string, message: string): LegacyError {
    return new LegacyError(LegacyErrorCode.INVALID_PARAM, `Invalid parameter(s): ${param}`, { [param]: message });
  }

  static missingParam(...params: string[]): LegacyError {
    return new LegacyError(LegacyErrorCode.MISSING_PARAM, `Missing parameter(s): ${params.join(', ')}`);
  }

  static noRoute(): LegacyError {
    return new LegacyError(LegacyErrorCode.NO_ROUTE, 'No route was found matching the URL and request method.');
  }

  static forbidden(message = 'Sorry, you are not allowed to do that.'): LegacyError {
    return new LegacyError(LegacyErrorCode.FORBIDDEN, message);
  }

  toBody(): LegacyErrorBody {
    const data: LegacyErrorBody['data'] = { status: this.status };
    if (this.params) data.params = this.params;
    return { code: this.code, message: this.message, data };
  }
}

/** The body for anything that is not a LegacyError: the detail goes to the log, never to the client. */
export function internalErrorBody(): LegacyErrorBody {
  return { code: LegacyErrorCode.INTERNAL, message: 'The site encountered an unexpected error.', data: { status: 500 } };
}
