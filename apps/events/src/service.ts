import type { AsyncService } from '@platform/grpc-server';
import type { eventsV1 } from '@platform/proto';
import type { EventsDeps } from './deps';
import { calendarHandlers } from './rpc/calendar';
import { eventHandlers } from './rpc/events';
import { importHandlers } from './rpc/import';
import { registrationHandlers } from './rpc/registrations';
import { surveyHandlers } from './rpc/surveys';
import { upsertHandlers } from './rpc/upsert';

/** Every RPC of platform.events.v1.EventsService, by the file that handles it. */
export function eventsService(deps: EventsDeps): AsyncService<eventsV1.EventsServiceServer> {
  return {
    ...eventHandlers(deps),
    ...importHandlers(deps),
    ...calendarHandlers(deps),
    ...registrationHandlers(deps),
    ...surveyHandlers(deps),
    ...upsertHandlers(deps),
  };
}
