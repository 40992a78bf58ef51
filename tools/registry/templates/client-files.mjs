// A new service's clients/: one port per service it calls (`--calls`) in ports.ts, and the adapter
// of each on the kit's client (`clients.of('<callee>')`), which main.ts wires into the deps.

const ports = (n) => `import type { CallContext } from '@platform/grpc-server';
${n.calls
  .map(
    (c) => `
/** The ${c.name} service as ${n.name} uses it (a gRPC client in production, a fake in tests). */
export interface ${c.Pascal} {
  /** Whether it answers and is ready (its gRPC health), within the caller's deadline. */
  serving(parent?: CallContext): Promise<boolean>;
}
`,
  )
  .join('')}`;

const adapter = (n, c) => `import { credentials } from '@grpc/grpc-js';
import { unary } from '@platform/grpc-server';
import type { PlatformClient } from '@platform/grpc-server/service';
import { healthV1, type ${c.camel}V1 } from '@platform/proto';
import type { ${c.Pascal} } from './ports';

const { SERVING } = healthV1.HealthCheckResponse_ServingStatus;

/**
 * The ${c.name} service, on the kit's client of it.
 * Each RPC of it this service comes to need becomes a method of the port that calls
 * \`${c.camel}.call(${c.camel}.client.<rpc>, request, { parent })\`: with this service's token,
 * within the caller's deadline.
 */
export function grpc${c.Pascal}(${c.camel}: PlatformClient<${c.camel}V1.${c.Pascal}ServiceClient>): ${c.Pascal} {
  // grpc.health.v1 of the service, on the channel its RPCs use.
  const health = new healthV1.HealthClient(${c.camel}.service, credentials.createInsecure(), { channelOverride: ${c.camel}.client.getChannel() });
  return {
    async serving(parent) {
      try {
        const reply = await unary(health, health.check, { service: '' }, { parent });
        return reply.status === SERVING;
      } catch {
        // Unreachable, or no answer within the deadline: not serving, as far as this caller can tell.
        return false;
      }
    },
  };
}
`;

/** clients/ports.ts and one adapter per callee; nothing for a service that calls none. */
export function clientFiles(n) {
  if (n.calls.length === 0) return {};
  const dir = `apps/${n.name}/src/clients`;
  return {
    [`${dir}/ports.ts`]: ports(n),
    ...Object.fromEntries(n.calls.map((c) => [`${dir}/${c.name}.ts`, adapter(n, c)])),
  };
}
