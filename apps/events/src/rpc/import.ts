import { PlatformError } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { eventsV1 } from '@platform/proto';
import { importEvents } from '../app/import-events';
import type { EventsDeps } from '../deps';
import { toEventMessage } from './mappers';

/** The file's bytes from the upload's messages after the first (the fields). */
async function* chunksOf(messages: AsyncIterator<eventsV1.ImportEventsRequest>): AsyncIterable<Uint8Array> {
  for (let next = await messages.next(); !next.done; next = await messages.next()) if (next.value.chunk) yield next.value.chunk;
}

/** POST /api/orgs/{organizationId}/events/import (admin, multipart `file`). */
export function importHandlers(deps: EventsDeps): Pick<AsyncService<eventsV1.EventsServiceServer>, 'importEvents'> {
  return {
    async importEvents(requests, ctx) {
      const messages = requests[Symbol.asyncIterator]();
      const first = await messages.next();
      const fields = first.done ? undefined : first.value.fields;
      if (!fields) throw PlatformError.validation([{ field: 'fields', message: 'must be the first message' }], 'The upload must start with its fields');
      ctx.authorize(fields);
      const result = await importEvents(deps, fields.organizationId, chunksOf(messages));
      ctx.logger.info(
        { organizationId: fields.organizationId, rows: result.totalRows, imported: result.created.length, rejected: result.rejected.length },
        'events imported',
      );
      return { totalRows: result.totalRows, imported: result.created.length, events: result.created.map(toEventMessage), rejected: result.rejected };
    },
  };
}
