import type { AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { deleteAsset, replaceAsset, uploadAsset } from '../app/assets';

type Handlers = AsyncService<documentsV1.DocumentsServiceServer>;

/** Organisation assets (spec 4.2): the record and the bytes both live here (docs/decisions/0159-documents-ownership.md). */
export function assetHandlers(deps: DocumentsDeps): Pick<Handlers, 'uploadAsset' | 'replaceAsset' | 'deleteAsset'> {
  return {
    uploadAsset: (requests, ctx) => uploadAsset(deps, requests, ctx),
    replaceAsset: (requests, ctx) => replaceAsset(deps, requests, ctx),
    async deleteAsset(request, ctx) {
      await deleteAsset(deps, request.orgId, request.assetId);
      ctx.logger.info({ assetId: request.assetId }, 'asset deleted; its bytes go after the grace period');
      return {};
    },
  };
}
