import { PlatformError } from '@platform/errors';
import type { CallContext } from '@platform/grpc-server';
import type { RateVerdict } from '../clients/ports';
import type { OrganisationDeps } from '../deps';
import { organizationNotFound } from '../domain/errors';
import { joinRequestsClosed } from '../domain/join-request-rules';
import { upsertPendingJoinRequest } from '../store/join-requests';
import { findLiveOrganizationBy } from '../store/organisations';

export interface SubmitJoinRequest {
  slug: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
}

const tooMany = (retryAfterSeconds: number): PlatformError =>
  PlatformError.rateLimited('Too many join requests from this address or network; try again later', retryAfterSeconds);

/**
 * A join request from an organisation's public page: 404 for no live organisation, 403 when it does
 * not take join requests, 429 beyond the hourly limits per address and per client IP (Redis; open
 * when Redis is down). The request is recorded PENDING (a pending one of the same address is
 * refreshed), whether or not the address has an account or a membership: the answer is the same
 * either way (no enumeration), and nothing is made for the address before an administrator approves.
 */
export async function submitJoinRequest(deps: OrganisationDeps, ctx: CallContext, input: SubmitJoinRequest): Promise<void> {
  const org = await findLiveOrganizationBy(deps.db, { slug: input.slug });
  if (!org) throw organizationNotFound();
  if (!org.allowJoinRequests) throw joinRequestsClosed();
  const address = input.email.trim().toLowerCase();
  const { limiter, perEmailPerHour, perIpPerHour } = deps.joinRequests;
  const verdict = await limiter
    .take([{ key: `email:${address}`, limit: perEmailPerHour }, ...(ctx.clientIp ? [{ key: `ip:${ctx.clientIp}`, limit: perIpPerHour }] : [])])
    .catch((err: unknown): RateVerdict => {
      // Fail open, as the gateway's abuse limits do: a request is stored, not mailed, so an outage of
      // Redis costs administrators some sorting at worst, while failing closed would refuse everyone.
      ctx.logger.warn({ err }, 'join requests: the rate limiter (Redis) is unavailable; the request is taken unlimited');
      return { allowed: true };
    });
  if (!verdict.allowed) throw tooMany(verdict.retryAfterSeconds);
  await upsertPendingJoinRequest(deps.db, {
    organizationId: org.id,
    email: address,
    firstName: input.firstName,
    lastName: input.lastName,
    message: input.message,
  });
}
