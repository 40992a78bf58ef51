import type { AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import type { ContentDeps } from '../deps';
import { databaseTime } from '../store/database-time';

/** GET /api/content/service-info (any signed-in user). */
export function serviceInfoHandlers(deps: ContentDeps): Pick<AsyncService<contentV1.ContentServiceServer>, 'getServiceInfo'> {
  return {
    async getServiceInfo() {
      return { service: 'content', databaseTime: await databaseTime(deps.db) };
    },
  };
}
