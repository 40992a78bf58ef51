/** The largest replica count JetStream allows a stream (an odd number of servers up to 5). */
export const MAX_STREAM_REPLICAS = 5;

/**
 * How many copies JetStream keeps of the platform's streams: `NATS_STREAM_REPLICAS` (the name in
 * `commonEnv` of @platform/config), 1 when unset. 3 on a three-node JetStream cluster survives the
 * loss of one server; a single server accepts only 1. Anything but a whole number from 1 to 5 stops
 * the process at start.
 */
export function streamReplicasFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['NATS_STREAM_REPLICAS']?.trim();
  if (raw === undefined || raw === '') return 1;
  const replicas = Number(raw);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_STREAM_REPLICAS) {
    throw new Error(`invalid configuration: NATS_STREAM_REPLICAS must be a whole number from 1 to ${MAX_STREAM_REPLICAS}, not '${raw}'`);
  }
  return replicas;
}
