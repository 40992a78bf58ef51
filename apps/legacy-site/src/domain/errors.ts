/**
 * Errors of the plugin API. The body is the CMS's REST error shape `{code, message, data: {status}}`;
 * each code has exactly one HTTP status (spec section 7).
 */
export enum LegacyErrorCode {
  /** Missing token, or missing credentials at login. */
  JWT_BAD_REQUEST = 'jwt_auth_bad_request',
  /** Token that is malformed, expired, signed with another key, or of an ended session. */
  JWT_INVALID_TOKEN = 'jwt_auth_invalid_token',
  /** Unknown user or wrong password. */
  JWT_AUTH_FAILED = 'jwt_auth_failed',
  JWT_INVALID_REFRESH_TOKEN = 'jwt_auth_invalid_refresh_token',
  INVALID_DEEPLINK = 'jwt_auth_invalid_deeplink',
  FORBIDDEN = 'rest_forbidden',
  NO_ROUTE = 'rest_no_route',
  INVALID_PARAM = 'rest_invalid_param',
  MISSING_PARAM = 'rest_missing_callback_param',
  INVALID_JSON = 'rest_invalid_json',
  USER_NOT_FOUND = 'rest_user_invalid_id',
  POST_NOT_FOUND = 'rest_post_invalid_id',
  EXISTING_EMAIL = 'existing_user_email',
  EXISTING_LOGIN = 'existing_user_login',
  SYNC_KEY_MISSING = 'association_sync_key_missing',
  SYNC_KEY_INVALID = 'association_sync_key_invalid',
  SYNC_KEY_NOT_GENERATED = 'association_sync_key_not_generated',
  READ_ONLY = 'association_read_only',
  /** The site's database does not answer (the ping reports it, so readiness reflects it). */
  UNAVAILABLE = 'association_database_unavailable',
  INTERNAL = 'internal_server_error',
}

export function statusOf(code: LegacyErrorCode): number {
  switch (code) {
    case LegacyErrorCode.JWT_BAD_REQUEST:
    case LegacyErrorCode.INVALID_PARAM:
    case LegacyErrorCode.MISSING_PARAM:
    case LegacyErrorCode.INVALID_JSON:
    case LegacyErrorCode.EXISTING_EMAIL:
    case LegacyErrorCode.EXISTING_LOGIN:
      return 400;
    case LegacyErrorCode.JWT_INVALID_TOKEN:
    case LegacyErrorCode.JWT_INVALID_REFRESH_TOKEN:
    case LegacyErrorCode.INVALID_DEEPLINK:
    case LegacyErrorCode.SYNC_KEY_MISSING:
    case LegacyErrorCode.SYNC_KEY_INVALID:
      return 401;
    // The CMS's JWT plugin answers 403 to wrong credentials; the mobile app expects that.
    case LegacyErrorCode.JWT_AUTH_FAILED:
    case LegacyErrorCode.FORBIDDEN:
    case LegacyErrorCode.READ_ONLY:
      return 403;
    case LegacyErrorCode.NO_ROUTE:
    case LegacyErrorCode.USER_NOT_FOUND:
    case LegacyErrorCode.POST_NOT_FOUND:
      return 404;
    case LegacyErrorCode.SYNC_KEY_NOT_GENERATED:
    case LegacyErrorCode.UNAVAILABLE:
      return 503;
    case LegacyErrorCode.INTERNAL:
      return 500;
    default: {
      const unreachable: never = code;
      throw new Error(`unmapped error code ${String(unreachable)}`);
    }
  }
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
