import type { AsyncService } from '@platform/grpc-server';
import type { eventsV1 } from '@platform/proto';
import type { EventsDeps } from '../deps';
import { databaseTime } from '../store/database-time';

/** GET /api/events/service-info (any signed-in user). */
export function serviceInfoHandlers(deps: EventsDeps): Pick<AsyncService<eventsV1.EventsServiceServer>, 'getServiceInfo'> {
  return {
    async getServiceInfo() {
      return { service: 'events', databaseTime: await databaseTime(deps.db) };
    },
  };
}
