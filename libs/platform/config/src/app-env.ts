import { z } from 'zod';
import { appEntry, defaultGrpcUrl, type PortEntry } from '@platform/registry';
import { port } from './env';

/** A schema name Postgres takes unquoted. */
export const schemaName = () => z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

/**
 * An app's port variable with the service registry's port as default
 * (`ORGANISATION_GRPC_PORT: registeredPort('organisation', 'grpc')`).
 */
export function registeredPort(app: string, kind: keyof ReturnType<typeof appEntry>['ports']) {
  const entry: PortEntry | undefined = appEntry(app).ports[kind];
  if (!entry) throw new Error(`app '${app}' has no ${kind} port in the service registry`);
  return port(entry.port);
}

/** An app's schema variable with the registry's schema as default. */
export function registeredSchema(app: string) {
  const schema = appEntry(app).schema;
  if (!schema) throw new Error(`app '${app}' has no schema in the service registry`);
  return schemaName().default(schema.name);
}

/** `<SVC>_GRPC_URL` with the registry's local address as default (`127.0.0.1:<its gRPC port>`). */
export const grpcUrl = (service: string) => z.string().default(defaultGrpcUrl(service));
