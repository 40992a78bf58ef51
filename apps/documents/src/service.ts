import type { AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from './deps';
import { assetHandlers } from './rpc/assets';
import { documentHandlers } from './rpc/documents';
import { folderHandlers } from './rpc/folders';
import { importHandlers } from './rpc/imports';
import { storageConfigHandlers } from './rpc/storage-config';

/** Every RPC of platform.documents.v1.DocumentsService, by the file that handles it. */
export function documentsService(deps: DocumentsDeps): AsyncService<documentsV1.DocumentsServiceServer> {
  return {
    ...documentHandlers(deps),
    ...folderHandlers(deps),
    ...storageConfigHandlers(deps),
    ...assetHandlers(deps),
    ...importHandlers(deps),
  };
}
