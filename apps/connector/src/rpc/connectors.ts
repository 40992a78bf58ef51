import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { connectorV1 } from '@platform/proto';
import { changeConnector, createConnector, ownedConnector } from '../app/connectors';
import { testConnection } from '../app/test-connection';
import type { ConnectorDeps } from '../deps';
import type { ConfigInput } from '../domain/connector-config';
import { CONNECTOR_TYPES } from '../domain/connector-types';
import { listConnectors } from '../store/connectors';
import { toConnector } from './mappers';

type Handlers = Pick<
  AsyncService<connectorV1.ConnectorServiceServer>,
  'listConnectorTypes' | 'createConnector' | 'listConnectors' | 'getConnector' | 'updateConnector' | 'testConnector'
>;

const org = z.object({ organizationId: uuid });
const ids = z.object({ organizationId: uuid, connectorId: uuid });

const configOf = (config: connectorV1.ConnectorConfigInput | undefined): ConfigInput | undefined => config && { ...config };

/** GET /api/connectors/types and the connectors of an organisation (organisation administrators). */
export function connectorHandlers(deps: ConnectorDeps): Handlers {
  return {
    async listConnectorTypes() {
      return { types: CONNECTOR_TYPES.map((t) => ({ ...t, entityTypes: [...t.entityTypes] })) };
    },
    async createConnector(request, ctx) {
      const { organizationId } = validate(org, request);
      const row = await createConnector(deps, ctx, {
        organizationId,
        connectorTypeId: request.connectorTypeId,
        name: request.name,
        config: configOf(request.config),
        status: request.status,
        createdBy: callerOf(ctx).sub,
      });
      ctx.logger.info({ organizationId, connectorId: row.id }, 'connector created');
      return toConnector(row);
    },
    async listConnectors(request) {
      const { organizationId } = validate(org, request);
      const page = parsePageQuery(request, { sortable: ['createdAt'] as const, defaultSort: { field: 'createdAt', direction: 'desc' } });
      const { rows, total } = await listConnectors(deps.db, organizationId, page.skip, page.take);
      return pagedEnvelope(rows.map(toConnector), total, page);
    },
    async getConnector(request) {
      const { organizationId, connectorId } = validate(ids, request);
      return toConnector(await ownedConnector(deps, organizationId, connectorId));
    },
    async updateConnector(request, ctx) {
      const { organizationId, connectorId } = validate(ids, request);
      const row = await changeConnector(deps, ctx, {
        organizationId,
        connectorId,
        name: request.name,
        config: configOf(request.config),
        status: request.status,
      });
      ctx.logger.info({ organizationId, connectorId }, 'connector updated');
      return toConnector(row);
    },
    async testConnector(request) {
      const { organizationId, connectorId } = validate(ids, request);
      return testConnection(deps, await ownedConnector(deps, organizationId, connectorId));
    },
  };
}
