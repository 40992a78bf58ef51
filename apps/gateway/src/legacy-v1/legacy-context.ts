import type { Request, Response } from 'express';
import type { LegacySession } from './legacy-session';
import type { LegacyOrganization } from './organisation-resolver';
import type { PlatformApi, PlatformCall } from './platform-api';

/** One /api/v1 request, once its association is known. */
export interface LegacyRequest {
  req: Request;
  res: Response;
  api: PlatformApi;
  org: LegacyOrganization;
  /** Query and body parameters (legacy-params.ts). */
  params: Record<string, unknown>;
}

/** An app endpoint's request: the caller signed in to this association. */
export interface MemberRequest extends LegacyRequest {
  session: LegacySession;
}

/** A platform call as the signed-in caller. */
export function callAsMember<T = Record<string, unknown>>(ctx: MemberRequest, call: Omit<PlatformCall, 'token'>): Promise<T> {
  return ctx.api.call<T>(ctx.req, ctx.res, { ...call, token: ctx.session.token });
}

/** An answer: its status (200 unless said) and body, and the platform path that replaces the call (Link). */
export interface LegacyAnswer {
  status?: number;
  body: unknown;
  successor?: string;
}
