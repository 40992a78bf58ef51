import { z } from 'zod';
import { PlatformError, uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { copyImportedFiles, upsertDocuments, upsertFolders } from '../app/upsert-imports';
import { MAX_UPSERT_BATCH, upsertResponse } from '@platform/imports';

type Handlers = Pick<AsyncService<documentsV1.DocumentsServiceServer>, 'upsertFolders' | 'upsertDocuments'>;

const organization = z.object({ organizationId: uuid });
const importer = z.object({ organizationId: uuid, importedBy: uuid });
const tooMany = (field: string) => PlatformError.validation([{ field, message: `must have at most ${MAX_UPSERT_BATCH} records` }]);

/** The connector's imports (internal RPCs: the kit lets only service tokens through). */
export function importHandlers(deps: DocumentsDeps): Handlers {
  return {
    async upsertFolders(request, ctx) {
      const { organizationId } = validate(organization, request);
      if (request.folders.length > MAX_UPSERT_BATCH) throw tooMany('folders');
      const response = upsertResponse(await upsertFolders(deps, organizationId, request.folders));
      ctx.logger.info(
        { organizationId, created: response.created, updated: response.updated, skipped: response.skipped, failed: response.failed },
        'folders upserted',
      );
      return response;
    },
    async upsertDocuments(request, ctx) {
      const { organizationId, importedBy } = validate(importer, request);
      if (request.documents.length > MAX_UPSERT_BATCH) throw tooMany('documents');
      const upserted = await upsertDocuments(deps, organizationId, importedBy, request.documents);
      const response = upsertResponse(request.copyFiles ? await copyImportedFiles(deps, organizationId, upserted, ctx.logger) : upserted);
      ctx.logger.info(
        { organizationId, created: response.created, updated: response.updated, skipped: response.skipped, failed: response.failed },
        'documents upserted',
      );
      return response;
    },
  };
}
