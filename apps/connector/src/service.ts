import type { AsyncService } from '@platform/grpc-server';
import type { connectorV1 } from '@platform/proto';
import type { ConnectorDeps } from './deps';
import { connectorHandlers } from './rpc/connectors';
import { syncJobHandlers } from './rpc/sync-jobs';

/** Every RPC of platform.connector.v1.ConnectorService, by the file that handles it. */
export function connectorService(deps: ConnectorDeps): AsyncService<connectorV1.ConnectorServiceServer> {
  return {
    ...connectorHandlers(deps),
    ...syncJobHandlers(deps),
  };
}
