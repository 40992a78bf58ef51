import type { AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from './deps';
import { documentHandlers } from './rpc/documents';
import { folderHandlers } from './rpc/folders';

/** Every RPC of platform.documents.v1.DocumentsService, by the file that handles it. */
export function documentsService(deps: DocumentsDeps): AsyncService<documentsV1.DocumentsServiceServer> {
  return {
    ...documentHandlers(deps),
    ...folderHandlers(deps),
  };
}
