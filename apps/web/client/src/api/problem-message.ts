import { isProblem } from '@platform/api-client';

/** What a failed call means for the person using the app. */
export interface ProblemMessage {
  /** The platform's own words (problem+json `detail`), or a plain fallback for the status. */
  message: string;
  /** The request id to quote to support (problem `requestId` or the `X-Request-Id` header). */
  requestId?: string;
  /** Field errors by the field's JSON name (`address.city`), for the form to show beside each field. */
  fields: Record<string, string>;
  status: number;
  code?: string;
  /** Seconds to wait before trying again (429, 503). */
  retryAfter?: number;
}

const FALLBACK: Record<number, string> = {
  0: 'The platform cannot be reached. Check your connection and try again.',
  400: 'Some of what you entered is not valid.',
  401: 'Please sign in again.',
  403: 'You are not allowed to do this.',
  404: 'This was not found. It may have been removed.',
  409: 'This conflicts with a change made meanwhile. Reload and try again.',
  413: 'This file is too large.',
  429: 'Too many attempts. Wait a moment and try again.',
  502: 'The platform is not reachable right now. Try again in a moment.',
  503: 'The platform is busy right now. Try again in a moment.',
};

/** Turns a failed typed call (`{ error, response }`) into words, field errors and the request id. */
export function problemMessage(error: unknown, response: Response | undefined): ProblemMessage {
  const status = response?.status ?? 0;
  const problem = isProblem(error) ? error : undefined;
  const fields: Record<string, string> = {};
  for (const violation of problem?.errors ?? []) fields[violation.field] ??= violation.message;
  const retry = Number(response?.headers.get('retry-after'));
  return {
    message: problem?.detail || FALLBACK[status] || (status >= 500 ? 'Something went wrong on our side. Try again in a moment.' : 'The request failed.'),
    requestId: problem?.requestId || response?.headers.get('x-request-id') || undefined,
    fields,
    status,
    code: problem?.code,
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
  };
}
