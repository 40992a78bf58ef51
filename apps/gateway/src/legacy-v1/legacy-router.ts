import express, { type ErrorRequestHandler, type Request, type Response, Router } from 'express';
import type { TokenSigner } from '@platform/auth';
import type { SessionDenylist } from '../auth/session-denylist';
import type { ApiHandlerDeps } from '../http/api-handler';
import { localsOf } from '../http/request-context';
import type { LegacyAnswer, LegacyRequest, MemberRequest } from './legacy-context';
import { LegacyError } from './legacy-error';
import { type DeprecationDates, deprecationHeaders, successorLink } from './legacy-headers';
import { legacyParams } from './legacy-params';
import { LegacySessions } from './legacy-session';
import { type LegacyOrganization, OrganizationResolver } from './organisation-resolver';
import { PlatformApi } from './platform-api';
import { login, logout, refresh, signup, validate } from './resources/auth';
import { documents } from './resources/documents';
import { events } from './resources/events';
import { members } from './resources/members';
import { notifications } from './resources/notifications';
import { posts } from './resources/posts';
import { user } from './resources/user';

/** The /api/v1 layer's settings (gateway config: GATEWAY_LEGACY_V1_*, GATEWAY_BASE_DOMAIN). */
export interface LegacyV1Settings extends DeprecationDates {
  baseDomain: string;
  /** Honour `X-Organisation-Slug` (development). */
  slugHeader: boolean;
  cacheSeconds: number;
}

export interface LegacyV1Deps extends LegacyV1Settings {
  signer: TokenSigner;
  denylist: SessionDenylist;
}

type Method = 'get' | 'post';

/**
 * The old mobile app's API (`/api/v1`, spec 4.9 app and auth endpoints, 4.10) served from the
 * platform while old app versions are installed: each call is answered in the old site's shapes by
 * calling the platform's own operations (legacy-v1/platform-api.ts) as the signed-in member, for
 * the association the host names. Every answer carries Deprecation and Sunset; errors are the site's
 * `{code, message, data: {status}}`, never problem+json. One file per resource under resources/.
 */
export function legacyV1Router(deps: ApiHandlerDeps, settings: LegacyV1Deps): Router {
  const api = new PlatformApi(deps);
  const resolver = new OrganizationResolver(api, settings);
  const sessions = new LegacySessions(settings.signer, settings.denylist);
  const router = Router();
  router.use(deprecationHeaders(settings));
  router.use(express.json({ limit: deps.bodyLimitBytes, type: ['application/json', 'application/*+json'] }));
  router.use(express.urlencoded({ extended: false, limit: deps.bodyLimitBytes }));

  /** A route: its association resolved, its platform successor named, its answer sent. */
  const serve = (
    methods: Method[],
    path: string,
    successor: ((org: LegacyOrganization) => string) | undefined,
    handle: (ctx: LegacyRequest, req: Request) => Promise<LegacyAnswer>,
  ) => {
    for (const method of methods) {
      router[method](path, async (req: Request, res: Response) => {
        localsOf(res).routeLabel = `${req.method} /api/v1${path}`;
        const org = await resolver.resolve(req, res);
        if (successor) successorLink(res, successor(org));
        const answer = await handle({ req, res, api, org, params: legacyParams(req) }, req);
        if (answer.successor) successorLink(res, answer.successor);
        res.status(answer.status ?? 200).setHeader('Cache-Control', 'no-store');
        res.json(answer.body);
      });
    }
  };
  /** An app endpoint: GET and POST alike (spec 4.9), for a member signed in to this association. */
  const app = (path: string, successor: (org: LegacyOrganization) => string, handle: (ctx: MemberRequest) => Promise<LegacyAnswer>) =>
    serve(['get', 'post'], path, successor, async (ctx, req) =>
      handle({ ...ctx, session: await sessions.check(LegacySessions.tokenOf(req.get('authorization')), ctx.org) }),
    );

  serve(
    ['post'],
    '/auth',
    () => '/api/auth/org/login',
    (ctx) => login(ctx, sessions),
  );
  serve(
    ['post'],
    '/auth/refresh',
    () => '/api/auth/refresh',
    (ctx) => refresh(ctx, sessions),
  );
  serve(['post'], '/auth/validate', undefined, (ctx, req) => validate(ctx, sessions, LegacySessions.tokenOf(req.get('authorization'))));
  serve(
    ['post'],
    '/auth/signup',
    () => '/api/auth/org/register',
    (ctx) => signup(ctx),
  );
  serve(
    ['post'],
    '/auth/logout',
    () => '/api/auth/tokens/revoke',
    async (ctx, req) => logout({ ...ctx, session: await sessions.check(LegacySessions.tokenOf(req.get('authorization')), ctx.org) }),
  );
  app('/user', (org) => `/api/orgs/${org.id}/users`, user);
  app(
    '/events',
    (org) => `/api/orgs/${org.id}/events`,
    (ctx) => events(ctx),
  );
  app('/documents', (org) => `/api/orgs/${org.id}/documents`, documents);
  app('/members', (org) => `/api/orgs/${org.id}/directory`, members);
  app('/posts', (org) => `/api/orgs/${org.id}/news`, posts);
  app('/notifications', () => '/api/notifications', notifications);

  // Any other path or method, as on the site: 404 rest_no_route (the old app's other endpoints are not served).
  router.use((_req, _res, next) => next(LegacyError.noRoute()));
  router.use(legacyErrorHandler());
  return router;
}

interface BodyParserError extends Error {
  type?: string;
}

/** Every failure under /api/v1 in the site's error body; the unexpected ones logged, their detail kept out of the answer. */
function legacyErrorHandler(): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    const failure = err instanceof LegacyError ? err : fromBodyParser(err as BodyParserError);
    if (!failure) localsOf(res).logger.error({ err }, 'legacy-v1: unhandled error');
    const answer = failure ?? new LegacyError('INTERNAL', 'The site encountered an unexpected error.');
    if (res.headersSent) return void res.end();
    for (const [name, value] of Object.entries(answer.extra.headers ?? {})) res.setHeader(name, value);
    res.status(answer.status).setHeader('Cache-Control', 'no-store');
    res.json(answer.toBody());
  };
}

function fromBodyParser(err: BodyParserError): LegacyError | undefined {
  switch (err?.type) {
    case 'entity.parse.failed':
      return new LegacyError('INVALID_JSON', 'The JSON body passed in is invalid.');
    case 'entity.too.large':
      return new LegacyError('INVALID_PARAM', 'The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new LegacyError('INVALID_PARAM', 'The request body uses an unsupported encoding.');
    case 'request.aborted':
    case 'request.size.invalid':
      return new LegacyError('INVALID_PARAM', 'The request body was not received completely.');
    default:
      return undefined;
  }
}
