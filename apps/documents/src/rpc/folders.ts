import type { AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { folderView } from '../app/document-view';
import { createFolder, deleteFolder, updateFolder } from '../app/folders';
import { listFolders } from '../store/folders-store';

type Handlers = AsyncService<documentsV1.DocumentsServiceServer>;

/** Document folders (spec 4.5). */
export function folderHandlers(deps: DocumentsDeps): Pick<Handlers, 'createFolder' | 'listFolders' | 'updateFolder' | 'deleteFolder'> {
  return {
    async createFolder(request) {
      return folderView(await createFolder(deps, request.organizationId, request));
    },
    async listFolders(request) {
      return { content: (await listFolders(deps.db, request.organizationId)).map(folderView) };
    },
    async updateFolder(request) {
      return folderView(await updateFolder(deps, request.organizationId, request.folderId, request));
    },
    async deleteFolder(request, ctx) {
      const deleted = await deleteFolder(deps, request.organizationId, request.folderId);
      ctx.logger.info({ folderId: request.folderId, ...deleted }, 'folder tree deleted');
      return { deletedDocuments: deleted.documents, deletedFolders: deleted.folders };
    },
  };
}
