import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '@platform/db';
import type { EventsDeps } from '../deps';
import type { Person } from '../clients/ports';
import { alreadyRegistered, eventFull, eventNotFound, notOpenForRegistration } from '../domain/errors';
import { priceFor, type TicketType } from '../domain/pricing';
import { statusOnRegister } from '../domain/registration-status';
import { LOCKING_TX } from '../store/db';
import { lockEvent } from '../store/events';
import { adjustCounts, createRegistration, findLiveRegistration, type RegistrationRow } from '../store/registrations';
import { createSurveyResponse } from '../store/survey-responses';
import { registrationFacts } from './registration-facts';

export interface NewRegistration {
  organizationId: string;
  eventId: string;
  userId: string;
  ticketType: TicketType;
  notes: string;
  person: Person;
}

/**
 * A registration, with the event row locked (SELECT … FOR UPDATE) from the capacity check to the
 * count update, so concurrent registrations take places one at a time and capacity is exact:
 * CONFIRMED while a place is free, then WAITLISTED (waiting list) or 409 EVENT_FULL. Only a
 * PUBLISHED event that requires registration takes registrations; one live registration per user.
 */
export async function register(deps: EventsDeps, input: NewRegistration): Promise<RegistrationRow> {
  try {
    return await deps.db.$transaction(async (tx) => {
      // Work that needs no lock comes first, so the event row is held as briefly as possible: the
      // one-registration check (the partial unique index settles a race between two of the same
      // member) and the survey response (rolled back with the rest when the registration fails).
      if (await findLiveRegistration(tx, input.organizationId, input.eventId, input.userId)) throw alreadyRegistered();
      const registrationId = randomUUID();
      const surveyResponseId = randomUUID();
      await createSurveyResponse(tx, {
        id: surveyResponseId,
        eventId: input.eventId,
        organizationId: input.organizationId,
        registrationId,
        userId: input.userId,
      });

      const event = await lockEvent(tx, input.organizationId, input.eventId);
      if (!event) throw eventNotFound();
      if (event.status !== 'PUBLISHED') throw notOpenForRegistration(`it is ${event.status}`);
      if (!event.registrationRequired) throw notOpenForRegistration('it takes no registrations');

      const status = statusOnRegister(event);
      if (status === 'full') throw eventFull();
      const now = deps.now();
      const price = priceFor(
        {
          isFree: event.isFree,
          startDate: event.startDate,
          // toFixed() without digits: the exact value, never rounded to a number of decimals.
          basePrice: event.basePrice?.toFixed() ?? null,
          memberPrice: event.memberPrice?.toFixed() ?? null,
          earlyBirdPrice: event.earlyBirdPrice?.toFixed() ?? null,
          earlyBirdDeadline: event.earlyBirdDeadline,
          currency: event.currency,
        },
        input.ticketType,
        now,
      );
      const registration = await createRegistration(tx, {
        id: registrationId,
        eventId: event.id,
        organizationId: event.organizationId,
        userId: input.userId,
        ticketType: input.ticketType,
        notes: input.notes,
        status,
        confirmedAt: status === 'CONFIRMED' ? now : null,
        waitlistedAt: status === 'WAITLISTED' ? now : null,
        price: price.amount,
        currency: price.currency,
        email: input.person.email,
        firstName: input.person.firstName,
        lastName: input.person.lastName,
        surveyResponseId,
        createdAt: now,
      });
      const updated = await adjustCounts(tx, event.id, status === 'CONFIRMED' ? { confirmed: 1 } : { waitlisted: 1 });
      if (status === 'CONFIRMED') {
        await deps.messages.registrationConfirmed(tx, { registration: registrationFacts(updated, registration), promoted: false, occurredAt: now });
      }
      return registration;
    }, LOCKING_TX);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRegistered();
    throw err;
  }
}
