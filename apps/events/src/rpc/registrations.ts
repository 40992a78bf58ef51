import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { ErrorCode, optionalUuid, PlatformError, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService, type CallContext } from '@platform/grpc-server';
import type { eventsV1 } from '@platform/proto';
import { KeyedLimiter } from '../app/keyed-limiter';
import { register } from '../app/register';
import { cancelRegistration, changeRegistrationStatus } from '../app/registration-changes';
import type { Person } from '../clients/ports';
import type { EventsDeps } from '../deps';
import { eventNotFound, registrationNotFound } from '../domain/errors';
import { TICKET_TYPES } from '../domain/pricing';
import { REGISTRATION_STATUSES } from '../domain/registration-status';
import { managesRegistrations, seesDrafts } from '../domain/visibility';
import { findEvent } from '../store/events';
import { findRegistration, queryRegistrations } from '../store/registrations';
import { toRegistrationMessage } from './mappers';

type RegistrationHandlers = Pick<
  AsyncService<eventsV1.EventsServiceServer>,
  'createRegistration' | 'listRegistrations' | 'getRegistration' | 'updateRegistrationStatus' | 'cancelRegistration'
>;

const eventRef = z.object({ organizationId: uuid, eventId: uuid });
const registrationRef = eventRef.extend({ registrationId: uuid });
const status = z.enum(REGISTRATION_STATUSES, { message: `must be one of ${REGISTRATION_STATUSES.join(', ')}` });
const createInput = eventRef.extend({
  userId: optionalUuid,
  ticketType: z
    .string()
    .trim()
    .toUpperCase()
    .transform((v) => v || 'MEMBER')
    .pipe(z.enum(TICKET_TYPES, { message: `must be one of ${TICKET_TYPES.join(', ')}` })),
  notes: z.string().trim().max(2000, 'must be at most 2000 characters'),
});
const listInput = eventRef.extend({ status: z.union([z.literal(''), status]) });
const statusInput = registrationRef.extend({ status });

/** Registrations of one event in the database at once (half the pool of 10): one committing, the next ones already on the row lock. */
const REGISTRATIONS_IN_FLIGHT = 4;

export function registrationHandlers(deps: EventsDeps): RegistrationHandlers {
  /**
   * Who is registered: the caller themselves (their name from identity, their token's email when
   * identity cannot say), or, for a manager of registrations, another ACTIVE member of the
   * organisation (checked with the organisation service).
   */
  const registrant = async (organizationId: string, userId: string, ctx: CallContext): Promise<{ userId: string; person: Person }> => {
    const caller = callerOf(ctx);
    if (!userId && caller.userType === 'SYSTEM') {
      throw PlatformError.validation([{ field: 'userId', message: 'is required: a platform administrator registers a member of the organisation' }]);
    }
    if (!userId || userId === caller.sub) {
      const fromToken: Person = { email: caller.email ?? '', firstName: '', lastName: '' };
      const person = await deps.accounts.person(caller.sub, ctx).catch((err: unknown) => {
        ctx.logger.warn({ err }, 'identity did not answer; the registration keeps the email of the token');
        return undefined;
      });
      return { userId: caller.sub, person: person ?? fromToken };
    }
    if (!managesRegistrations(caller)) throw PlatformError.forbidden('Only an administrator or manager may register another member');
    if (!(await deps.organisations.isActiveMember(organizationId, userId, ctx))) {
      throw PlatformError.validation([{ field: 'userId', message: 'is not an active member of the organisation' }]);
    }
    const person = await deps.accounts.person(userId, ctx);
    if (!person) throw PlatformError.validation([{ field: 'userId', message: 'is not an active member of the organisation' }]);
    return { userId, person };
  };

  /** Registrations for one event: a few at a time in the database, the rest wait here (see KeyedLimiter). */
  const queue = new KeyedLimiter(REGISTRATIONS_IN_FLIGHT);

  return {
    async createRegistration(request, ctx) {
      const input = validate(createInput, request);
      const event = await findEvent(deps.db, input.organizationId, input.eventId);
      if (!event || (event.status === 'DRAFT' && !seesDrafts(callerOf(ctx)))) throw eventNotFound();
      const who = await registrant(input.organizationId, input.userId, ctx);
      const row = await queue.run(input.eventId, () => {
        // A caller that gave up while waiting for its turn gets no registration it never hears of.
        if (ctx.call.cancelled || new Date(ctx.deadline).getTime() <= Date.now()) {
          return Promise.reject(new PlatformError(ErrorCode.UNAVAILABLE, 'The registration was abandoned while waiting for its turn'));
        }
        return register(deps, { ...input, ...who });
      });
      return toRegistrationMessage(row);
    },

    async listRegistrations(request) {
      const input = validate(listInput, request);
      const page = parsePageQuery(request, { sortable: ['createdAt'], defaultSort: { field: 'createdAt', direction: 'asc' } });
      if (!(await findEvent(deps.db, input.organizationId, input.eventId))) throw eventNotFound();
      const { rows, total } = await queryRegistrations(deps.db, {
        eventId: input.eventId,
        status: input.status || undefined,
        skip: page.skip,
        take: page.take,
      });
      return pagedEnvelope(rows.map(toRegistrationMessage), total, page);
    },

    async getRegistration(request, ctx) {
      const input = validate(registrationRef, request);
      const caller = callerOf(ctx);
      if (!(await findEvent(deps.db, input.organizationId, input.eventId))) throw eventNotFound();
      const row = await findRegistration(deps.db, input.organizationId, input.eventId, input.registrationId);
      if (!row || (row.userId !== caller.sub && !managesRegistrations(caller))) throw registrationNotFound();
      return toRegistrationMessage(row);
    },

    async updateRegistrationStatus(request) {
      const input = validate(statusInput, request);
      return toRegistrationMessage(await changeRegistrationStatus(deps, input, input.status));
    },

    async cancelRegistration(request, ctx) {
      const input = validate(registrationRef, request);
      const caller = callerOf(ctx);
      await cancelRegistration(deps, input, (r) => r.userId === caller.sub || managesRegistrations(caller));
      return {};
    },
  };
}
