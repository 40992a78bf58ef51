import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { readStorageConfig, updateStorageConfig } from '../app/storage-config';

type Handlers = AsyncService<documentsV1.DocumentsServiceServer>;

/** GET/PUT /api/admin/storage/config (spec 4.4). */
export function storageConfigHandlers(deps: DocumentsDeps): Pick<Handlers, 'getStorageConfig' | 'updateStorageConfig'> {
  return {
    getStorageConfig: () => readStorageConfig(deps),
    async updateStorageConfig(request, ctx) {
      const saved = await updateStorageConfig(deps, request, callerOf(ctx).sub);
      ctx.logger.info({ provider: saved.provider, quotaBytes: saved.organizationQuotaBytes }, 'storage configuration changed; new uploads go there');
      return saved;
    },
  };
}
