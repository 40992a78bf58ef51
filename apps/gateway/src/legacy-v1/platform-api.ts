import { PlatformError } from '@platform/errors';
import type { Request, Response } from 'express';
import { type ApiHandlerDeps, signIn } from '../http/api-handler';
import { isServiceError, problemFromGrpc } from '../http/grpc-to-http';
import { type Problem, ProblemError, internalProblem, problemFromPlatformError } from '../http/problem';
import { localsOf } from '../http/request-context';
import { AbuseLimits } from '../limits/abuse-limits';
import type { HttpMethod, Route } from '../routing/route-table';
import { transcodeReply, transcodeRequest } from '../transcoding/transcoder';
import { type LegacyErrorChoices, legacyErrorOf } from './legacy-error';

/** One platform operation, named as a client of the REST API names it. */
export interface PlatformCall {
  method: HttpMethod;
  /** The REST path, ids already in it (`/api/orgs/<id>/events`). */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The caller's access token, forwarded as the REST client's would be. */
  token?: string;
  /** Legacy errors chosen by the platform's status (default: legacy-error.ts). */
  errors?: LegacyErrorChoices;
}

/**
 * The old app's calls made as platform REST calls, in process: the same route table, abuse limits,
 * token checks (auth level, authority, organisation), input validation, login lockout and gRPC
 * clients as `/api` (http/api-handler.ts), so the services see what a platform client would send and
 * keep enforcing access. The reply is the REST JSON of the route; a failure is a LegacyError.
 */
export class PlatformApi {
  constructor(private readonly deps: ApiHandlerDeps) {}

  async call<T = Record<string, unknown>>(req: Request, res: Response, call: PlatformCall): Promise<T> {
    const match = this.deps.routes.match(call.method, call.path);
    // A path this module builds itself: a miss is a bug of the module, answered as a 500.
    if (match.kind !== 'found') throw new Error(`legacy-v1: no platform operation at ${call.method} ${call.path}`);
    const { route, params } = match;
    const locals = localsOf(res);
    try {
      const limit = this.deps.limits && AbuseLimits.limitOf(route);
      if (limit) await this.deps.limits?.admit(limit, req.ip);
      const auth = await this.deps.authenticator.authenticate(route, call.token ? `Bearer ${call.token}` : undefined, params);
      const request = transcodeRequest(route, { params, query: queryOf(call.query), body: call.body });
      const context = { requestId: locals.requestId, token: auth.token, clientIp: req.ip, userAgent: req.get('user-agent') };
      const invoke = () => this.deps.grpc.call(route.service.address, route.rpc.definition, request, context);
      const reply = route.access.loginLockout ? await signIn(this.deps, req, locals, request, invoke) : await invoke();
      return transcodeReply(route, reply) as T;
    } catch (err) {
      throw legacyErrorOf(problemOf(err, route, locals.logger), call.errors);
    }
  }
}

function queryOf(query: PlatformCall['query'] = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value));
  return search;
}

/** A failure as the generic handler would render it (http/error-handler.ts), logged the same way. */
function problemOf(err: unknown, route: Route, logger: ReturnType<typeof localsOf>['logger']): Problem {
  if (err instanceof ProblemError) return err.problem;
  if (err instanceof PlatformError) return problemFromPlatformError(err);
  if (isServiceError(err)) {
    const { problem, internal } = problemFromGrpc(err, route);
    if (internal) logger.error({ err, grpcCode: err.code, details: err.details, rpc: route.rpc.path }, 'service call failed');
    else if (problem.status >= 500) logger.warn({ grpcCode: err.code, details: err.details, rpc: route.rpc.path }, 'service call failed');
    return problem;
  }
  logger.error({ err, rpc: route.rpc.path }, 'legacy-v1: unexpected failure of a platform call');
  return internalProblem();
}
