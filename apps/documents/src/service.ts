import type { AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from './deps';
import { serviceInfoHandlers } from './rpc/service-info';

/** Every RPC of platform.documents.v1.DocumentsService, by the file that handles it. */
export function documentsService(deps: DocumentsDeps): AsyncService<documentsV1.DocumentsServiceServer> {
  return {
    ...serviceInfoHandlers(deps),
  };
}
