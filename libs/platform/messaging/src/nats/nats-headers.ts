import { headers as createHeaders, type MsgHdrs } from '@nats-io/nats-core';

/** NATS headers from a plain record (undefined when there is nothing to send). */
export function toNatsHeaders(record: Record<string, string> | null | undefined): MsgHdrs | undefined {
  const entries = Object.entries(record ?? {});
  if (entries.length === 0) return undefined;
  const h = createHeaders();
  for (const [key, value] of entries) h.set(key, String(value));
  return h;
}

/** A plain record of NATS headers, first value of each key. */
export function fromNatsHeaders(h: MsgHdrs | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (h) for (const key of h.keys()) record[key] = h.get(key);
  return record;
}
