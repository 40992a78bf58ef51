import type { Problem } from '../http/problem';

/**
 * The old site's errors, as its mobile app knows them: the CMS's REST error body
 * `{code, message, data: {status}}` (spec 7, legacy-site API), each code with one HTTP status.
 * Codes the old site had keep its status (docs/legacy-site.md); the few the platform adds (a
 * second factor, a lockout, an unknown association, the abuse limits) follow the same pattern.
 */
const LEGACY_ERRORS = {
  /** Missing token, or missing credentials at sign-in (the site answered 400, spec 7). */
  BAD_REQUEST: { code: 'jwt_auth_bad_request', status: 400 },
  /** A token that is malformed, expired, signed with another key, or of an ended session. */
  INVALID_TOKEN: { code: 'jwt_auth_invalid_token', status: 401 },
  /** Unknown user or wrong password: 403, as the CMS's JWT plugin answers. */
  AUTH_FAILED: { code: 'jwt_auth_failed', status: 403 },
  /** The account signs in with a second factor, which the old app cannot send. */
  MFA_REQUIRED: { code: 'jwt_auth_mfa_required', status: 403 },
  /** The login lockout (the platform's 423): a failed sign-in as the old app sees one, with Retry-After. */
  LOCKED: { code: 'jwt_auth_too_many_attempts', status: 403 },
  INVALID_REFRESH_TOKEN: { code: 'jwt_auth_invalid_refresh_token', status: 401 },
  FORBIDDEN: { code: 'rest_forbidden', status: 403 },
  /** A write the old app makes and the platform takes only from its own app (the site's read-only mode). */
  READ_ONLY: { code: 'association_read_only', status: 403 },
  NO_ROUTE: { code: 'rest_no_route', status: 404 },
  /** The host (or header) names no association of the platform. */
  UNKNOWN_ASSOCIATION: { code: 'association_not_found', status: 404 },
  POST_NOT_FOUND: { code: 'rest_post_invalid_id', status: 404 },
  USER_NOT_FOUND: { code: 'rest_user_invalid_id', status: 404 },
  INVALID_PARAM: { code: 'rest_invalid_param', status: 400 },
  MISSING_PARAM: { code: 'rest_missing_callback_param', status: 400 },
  INVALID_JSON: { code: 'rest_invalid_json', status: 400 },
  EXISTING_EMAIL: { code: 'existing_user_email', status: 400 },
  /** The gateway's abuse limits: no legacy status says "slow down", so HTTP's own, with Retry-After. */
  TOO_MANY_REQUESTS: { code: 'rest_too_many_requests', status: 429 },
  UNAVAILABLE: { code: 'association_unavailable', status: 503 },
  INTERNAL: { code: 'internal_server_error', status: 500 },
} as const satisfies Record<string, { code: string; status: 400 | 401 | 403 | 404 | 429 | 500 | 503 }>;

export type LegacyErrorName = keyof typeof LEGACY_ERRORS;

export interface LegacyErrorBody {
  code: string;
  message: string;
  data: { status: number; params?: Record<string, string> };
}

export class LegacyError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(
    readonly kind: LegacyErrorName,
    message: string,
    readonly extra: { params?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'LegacyError';
    this.code = LEGACY_ERRORS[kind].code;
    this.status = LEGACY_ERRORS[kind].status;
  }

  static invalidParam(param: string, message: string): LegacyError {
    return new LegacyError('INVALID_PARAM', `Invalid parameter(s): ${param}`, { params: { [param]: message } });
  }

  static missingParam(...params: string[]): LegacyError {
    return new LegacyError('MISSING_PARAM', `Missing parameter(s): ${params.join(', ')}`);
  }

  static noRoute(): LegacyError {
    return new LegacyError('NO_ROUTE', 'No route was found matching the URL and request method.');
  }

  toBody(): LegacyErrorBody {
    const data: LegacyErrorBody['data'] = { status: this.status };
    if (this.extra.params) data.params = this.extra.params;
    return { code: this.code, message: this.message, data };
  }
}

/** Per-call choices of legacy error by the platform's HTTP status (a login's 401 is the old app's 403 jwt_auth_failed). */
export type LegacyErrorChoices = Partial<Record<number, LegacyErrorName>>;

/**
 * A platform failure (problem) in the old app's terms: the call's own choice for its status, else
 * the legacy error of the same meaning. The platform's message is kept (it names no internals: 5xx
 * details are generic already); field violations become `data.params`, waits keep Retry-After.
 */
export function legacyErrorOf(problem: Problem, choices: LegacyErrorChoices = {}): LegacyError {
  const kind = choices[problem.status] ?? defaultKind(problem.status);
  const params = problem.errors?.length ? Object.fromEntries(problem.errors.map((e) => [e.field, e.message])) : undefined;
  const retryAfter = problem.headers?.['Retry-After'];
  const headers = retryAfter ? { 'Retry-After': retryAfter } : undefined;
  const message = kind === 'INTERNAL' ? 'The site encountered an unexpected error.' : problem.detail;
  return new LegacyError(kind, message, { params, headers });
}

function defaultKind(status: number): LegacyErrorName {
  switch (status) {
    case 401:
      return 'INVALID_TOKEN';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NO_ROUTE';
    case 423:
      return 'LOCKED';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
    case 504:
      return 'UNAVAILABLE';
    default:
      // Every other refusal of the input (400, 409 conflicts, 410, 413, 415, 416) is a bad parameter to the old app.
      return status >= 400 && status < 500 ? 'INVALID_PARAM' : 'INTERNAL';
  }
}
