import { status } from '@grpc/grpc-js';
import { PlatformError } from '@platform/errors';
import type { Request, RequestHandler, Response } from 'express';
import type { RequestAuthenticator } from '../auth/auth-middleware';
import type { ForwardedContext, GrpcClients } from '../grpc/grpc-clients';
import { AbuseLimits } from '../limits/abuse-limits';
import type { LoginGuard } from '../lockout/login-guard';
import type { Route, RouteTable } from '../routing/route-table';
import { transcodeReply, transcodeRequest } from '../transcoding/transcoder';
import { readJsonBody } from './body-reader';
import { forwardDownload } from './download-handler';
import { isServiceError } from './grpc-to-http';
import { GatewayErrorCode, ProblemError } from './problem';
import { localsOf } from './request-context';
import { forwardUpload } from './upload-handler';

/** Deadline of a whole upload or download (a large file over a slow link), unless configured. */
const DEFAULT_TRANSFER_TIMEOUT_MS = 60 * 60 * 1000;

export interface ApiHandlerDeps {
  routes: RouteTable;
  authenticator: RequestAuthenticator;
  grpc: GrpcClients;
  loginGuard: LoginGuard;
  /** Per-IP and global limits (docs/operations.md); none when lifted (GATEWAY_ABUSE_LIMITS=off). */
  limits?: AbuseLimits;
  bodyLimitBytes: number;
  /** Deadline of a streamed upload or download (default one hour). */
  transferTimeoutMs?: number;
}

/**
 * One REST request, end to end: match the route, authenticate, read and validate the input,
 * call the service (under the login lockout where the route asks for it), answer with the reply.
 * Every failure is thrown and rendered as problem+json by the error handler.
 */
export function apiHandler(deps: ApiHandlerDeps): RequestHandler {
  return async (req: Request, res: Response) => {
    const match = deps.routes.match(req.method, req.path);
    if (match.kind === 'not-found') {
      throw new ProblemError({ status: 404, code: GatewayErrorCode.ROUTE_NOT_FOUND, detail: `There is no operation at ${req.method} ${req.path}` });
    }
    if (match.kind === 'method-not-allowed') {
      throw new ProblemError({
        status: 405,
        code: GatewayErrorCode.METHOD_NOT_ALLOWED,
        detail: `${req.method} is not allowed on ${req.path}; allowed: ${match.allowed.join(', ')}`,
        headers: { Allow: match.allowed.join(', ') },
      });
    }
    const { route, params } = match;
    const locals = localsOf(res);
    locals.routeLabel = `${route.httpMethod} ${route.template.source}`;
    res.locals['route'] = route;
    const limit = deps.limits && AbuseLimits.limitOf(route);
    if (limit) await deps.limits?.admit(limit, req.ip);

    const auth = await deps.authenticator.authenticate(route, req.get('authorization'), params);
    const context: ForwardedContext = {
      requestId: locals.requestId,
      token: auth.token,
      clientIp: req.ip,
      userAgent: req.get('user-agent'),
      deviceId: deviceIdOf(req),
    };
    const transfer = { grpc: deps.grpc, transferTimeoutMs: deps.transferTimeoutMs ?? DEFAULT_TRANSFER_TIMEOUT_MS };
    if (route.upload) {
      respond(route, req, res, await forwardUpload(transfer, route, req, params, queryOf(req), context));
      return;
    }
    const body = route.body === '' ? undefined : await readJsonBody(req, res, deps.bodyLimitBytes);
    const request = transcodeRequest(route, { params, query: queryOf(req), body });
    if (route.download) {
      await forwardDownload(transfer, route, req, res, request, context);
      return;
    }
    const call = () => deps.grpc.call(route.service.address, route.rpc.definition, request, context);
    const reply = route.access.loginLockout ? await signIn(deps, req, locals, request, call) : await call();
    respond(route, req, res, reply);
  };
}

/**
 * A sign-in: refused (429) while the client's address is over its failed-sign-in budget, so such
 * attempts never count against the account's lockout; otherwise under the lockout, and a failure
 * (401) is booked against the address too. Also the old app's sign-in (legacy-v1/platform-api.ts).
 */
export async function signIn(
  deps: ApiHandlerDeps,
  req: Request,
  locals: ReturnType<typeof localsOf>,
  request: Record<string, unknown>,
  call: () => Promise<object>,
): Promise<object> {
  await deps.limits?.checkLoginFailures(req.ip);
  try {
    return await deps.loginGuard.attempt(
      typeof request['email'] === 'string' ? request['email'] : undefined,
      { route: locals.routeLabel ?? '', requestId: locals.requestId, ipAddress: req.ip, userAgent: req.get('user-agent'), logger: locals.logger },
      call,
    );
  } catch (err) {
    if (isServiceError(err) && err.code === status.UNAUTHENTICATED) await deps.limits?.recordLoginFailure(req.ip);
    throw err;
  }
}

function respond(route: Route, req: Request, res: Response, reply: object): void {
  const status = route.access.successStatus;
  res.setHeader('Cache-Control', 'no-store');
  if (status === 204) {
    res.status(204).end();
    return;
  }
  const id = (reply as Record<string, unknown>)['id'];
  if (status === 201 && route.locationFromId && typeof id === 'string' && id !== '') {
    res.setHeader('Location', `${req.path.replace(/\/$/, '')}/${encodeURIComponent(id)}`);
  }
  // Written directly rather than through Express's res.send: the body stays a string, so Node sends
  // it with the headers in one write (res.send turns a body over 1000 characters into a Buffer,
  // which goes out as a second one), and no MIME look-up runs per answer.
  const body = JSON.stringify(transcodeReply(route, reply));
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(req.method === 'HEAD' ? undefined : body);
}

const DEVICE_ID = /^[\x20-\x7e]{1,128}$/;

/** `X-Device-Id`, held to the same rule as the `deviceId` body field: a clear 400, never a silent cut. */
function deviceIdOf(req: Request): string | undefined {
  const value = req.get('x-device-id');
  if (value === undefined) return undefined;
  if (!DEVICE_ID.test(value)) {
    throw PlatformError.validation([{ field: 'X-Device-Id', message: 'must be 1 to 128 printable ASCII characters' }], 'Invalid X-Device-Id header');
  }
  return value;
}

function queryOf(req: Request): URLSearchParams {
  const index = req.originalUrl.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : req.originalUrl.slice(index + 1));
}
