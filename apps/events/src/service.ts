import type { AsyncService } from '@platform/grpc-server';
import type { eventsV1 } from '@platform/proto';
import type { EventsDeps } from './deps';
import { serviceInfoHandlers } from './rpc/service-info';

/** Every RPC of platform.events.v1.EventsService, by the file that handles it. */
export function eventsService(deps: EventsDeps): AsyncService<eventsV1.EventsServiceServer> {
  return {
    ...serviceInfoHandlers(deps),
  };
}
