import { ErrorCode, PlatformError } from '@platform/errors';

export const eventNotFound = (): PlatformError => PlatformError.notFound('Event');
export const registrationNotFound = (): PlatformError => PlatformError.notFound('Registration');
export const surveyResponseNotFound = (): PlatformError => PlatformError.notFound('Survey response');

/** A state change the state table does not have: 409 INVALID_TRANSITION. */
export const invalidTransition = (what: string, from: string, to: string): PlatformError =>
  new PlatformError(ErrorCode.INVALID_TRANSITION, `${what} cannot go from ${from} to ${to}`);

/** The event is at capacity and has no waiting list: 409 EVENT_FULL. */
export const eventFull = (): PlatformError => new PlatformError(ErrorCode.EVENT_FULL, 'The event is full');

export const alreadyRegistered = (): PlatformError => PlatformError.conflict('This user already has a registration for the event');

export const notOpenForRegistration = (why: string): PlatformError =>
  new PlatformError(ErrorCode.INVALID_TRANSITION, `The event is not open for registration: ${why}`);

export const alreadySubmitted = (): PlatformError => PlatformError.conflict('The survey response was already submitted');
