import { problemMessage, type ProblemMessage } from '../../../api/problem-message';

/** A failed call of the typed client, carrying what to tell the person (message, request id, fields). */
export class CallFailed extends Error {
  constructor(readonly problem: ProblemMessage) {
    super(problem.message);
    this.name = 'CallFailed';
  }
}

/** The data of a typed call (`{ data, error, response }`), or a CallFailed with the problem in words. */
export async function unwrapCall<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    // Offline or aborted: no response to read.
    throw new CallFailed(problemMessage(error, undefined));
  }
  if (result.response.ok) return result.data as T;
  throw new CallFailed(problemMessage(result.error, result.response));
}

/** The problem of any error a screen caught (a CallFailed, or anything else in plain words). */
export function problemOf(error: unknown): ProblemMessage | undefined {
  if (!error) return undefined;
  if (error instanceof CallFailed) return error.problem;
  const body = (error as { body?: { detail?: string; requestId?: string } }).body;
  return {
    message: body?.detail || (error instanceof Error ? error.message : String(error)),
    requestId: body?.requestId,
    fields: {},
    status: (error as { status?: number }).status ?? 0,
  };
}
