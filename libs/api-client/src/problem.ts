import type { components } from './generated/schema';

/** An RFC 9457 problem+json answer, as the document describes every error of the platform. */
export type ProblemDetails = components['schemas']['Problem'];

/** Whether an error body is a problem+json document (a proxy in front may answer plain text). */
export function isProblem(body: unknown): body is ProblemDetails {
  if (typeof body !== 'object' || body === null) return false;
  const { type, title, status, code } = body as Record<string, unknown>;
  return typeof type === 'string' && typeof title === 'string' && typeof status === 'number' && typeof code === 'string';
}

/** An answer other than the success the caller wanted, with its problem when it carried one. */
export class PlatformProblemError extends Error {
  override readonly name = 'PlatformProblemError';

  constructor(
    /** Path and query of the request. */
    readonly path: string,
    readonly status: number,
    /** The problem+json body; undefined when the answer had none (a 502 from a proxy, an empty 404). */
    readonly problem: ProblemDetails | undefined,
    /** The error body as read: the problem, text, or undefined. */
    readonly body: unknown,
  ) {
    const why = problem ? ` ${problem.code}: ${problem.detail}` : typeof body === 'string' && body !== '' ? `: ${body.slice(0, 200)}` : '';
    super(`${path} answered ${status}${why}`);
  }
}

/** What openapi-fetch answers: the data of a success or the error body, with the response. */
export interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful answer; any other answer throws a PlatformProblemError naming the path,
 * the status and the problem, so a test or a tool fails in the platform's own words.
 */
export function unwrap<Data>(result: FetchResult<Data>): Data {
  const { response, error } = result;
  if (response.ok && error === undefined) return result.data as Data;
  const url = response.url ? new URL(response.url) : undefined;
  throw new PlatformProblemError(url ? url.pathname + url.search : '(unknown)', response.status, isProblem(error) ? error : undefined, error);
}
