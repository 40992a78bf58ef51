import type { AsyncService } from '@platform/grpc-server';
import type { documentsV1 } from '@platform/proto';
import type { DocumentsDeps } from '../deps';
import { databaseTime } from '../store/database-time';

/** GET /api/documents/service-info (any signed-in user). */
export function serviceInfoHandlers(deps: DocumentsDeps): Pick<AsyncService<documentsV1.DocumentsServiceServer>, 'getServiceInfo'> {
  return {
    async getServiceInfo() {
      return { service: 'documents', databaseTime: await databaseTime(deps.db) };
    },
  };
}
