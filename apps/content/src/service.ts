import type { AsyncService } from '@platform/grpc-server';
import type { contentV1 } from '@platform/proto';
import type { ContentDeps } from './deps';
import { serviceInfoHandlers } from './rpc/service-info';

/** Every RPC of platform.content.v1.ContentService, by the file that handles it. */
export function contentService(deps: ContentDeps): AsyncService<contentV1.ContentServiceServer> {
  return {
    ...serviceInfoHandlers(deps),
  };
}
