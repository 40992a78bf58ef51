import { z } from 'zod';
import { uuid, validate } from '@platform/errors';
import type { AsyncService } from '@platform/grpc-server';
import { importBatch } from '@platform/imports';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { importImages } from '../app/import-images';
import { copyImportedFiles, upsertDocuments, upsertFolders } from '../app/upsert-imports';

type Handlers = Pick<AsyncService<documentsV1.DocumentsServiceServer>, 'upsertFolders' | 'upsertDocuments' | 'importImages'>;

const organization = z.object({ organizationId: uuid });
const importer = z.object({ organizationId: uuid, importedBy: uuid });

/** The connector's imports (internal RPCs: the kit lets only service tokens through). */
export function importHandlers(deps: DocumentsDeps): Handlers {
  return {
    async upsertFolders(request, ctx) {
      const { organizationId } = validate(organization, request);
      return importBatch('folders', request.folders, { logger: ctx.logger, context: { organizationId } }, () =>
        upsertFolders(deps, organizationId, request.folders),
      );
    },
    async upsertDocuments(request, ctx) {
      const { organizationId, importedBy } = validate(importer, request);
      return importBatch('documents', request.documents, { logger: ctx.logger, context: { organizationId } }, async () => {
        const upserted = await upsertDocuments(deps, organizationId, importedBy, request.documents);
        return request.copyFiles ? copyImportedFiles(deps, organizationId, upserted, ctx.logger) : upserted;
      });
    },
    async importImages(request, ctx) {
      const { organizationId, importedBy } = validate(importer, request);
      const images = await importImages(deps, organizationId, importedBy, request.sourceUrls, ctx.logger);
      ctx.logger.info({ organizationId, images: images.length, copied: images.filter((i) => i.url).length }, 'images imported');
      return { images };
    },
  };
}
