import { parsePageQuery, pagedEnvelope } from '@platform/db';
import { PlatformError } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { documentView } from '../app/document-view';
import { downloadFile } from '../app/download-file';
import { uploadDocument } from '../app/upload-document';
import { accessFromProto, visibleAccess } from '../domain/document-access';
import { findLiveDocument, listDocuments, softDeleteDocument, type DocumentSortField } from '../store/documents-store';

type Handlers = AsyncService<documentsV1.DocumentsServiceServer>;

const SORTABLE: readonly DocumentSortField[] = ['name', 'createdAt', 'fileSize'];

/** Documents (spec 4.5) and GET /api/storage/{path}. */
export function documentHandlers(
  deps: DocumentsDeps,
): Pick<Handlers, 'uploadDocument' | 'listDocuments' | 'getDocument' | 'deleteDocument' | 'downloadStoredFile'> {
  return {
    uploadDocument: (requests, ctx) => uploadDocument(deps, requests, ctx),

    async listDocuments(request, ctx) {
      const visible = visibleAccess(callerOf(ctx));
      const wanted = accessFromProto(request.access);
      const page = parsePageQuery(
        { page: request.page || undefined, size: request.size || undefined, sort: request.sort || undefined },
        { sortable: SORTABLE, defaultSort: { field: 'createdAt', direction: 'desc' } },
      );
      const search = request.search.trim();
      if (search.length > 100) throw PlatformError.validation([{ field: 'search', message: 'must be at most 100 characters' }]);
      const { rows, total } = await listDocuments(
        deps.db,
        {
          organizationId: request.organizationId,
          folderId: request.folderId || undefined,
          access: wanted ? visible.filter((a) => a === wanted) : visible,
          search: search || undefined,
        },
        page,
      );
      return pagedEnvelope(
        rows.map((row) => documentView(deps, row)),
        total,
        page,
      );
    },

    async getDocument(request, ctx) {
      const row = await findLiveDocument(deps.db, request.organizationId, request.docId);
      // A document the caller may not see is answered as missing, as another organisation's is.
      if (!row || !visibleAccess(callerOf(ctx)).includes(row.access as never)) throw PlatformError.notFound('Document');
      return documentView(deps, row);
    },

    async deleteDocument(request, ctx) {
      if (!(await softDeleteDocument(deps.db, request.organizationId, request.docId, new Date(deps.now())))) throw PlatformError.notFound('Document');
      ctx.logger.info({ documentId: request.docId }, 'document deleted; its bytes go after the grace period');
      return {};
    },

    downloadStoredFile: (request, send, ctx) => downloadFile(deps, request, send, ctx),
  };
}
