import { randomUUID } from 'node:crypto';
import type { Metadata, ServerUnaryCall } from '@grpc/grpc-js';
import type { AccessClaims } from '@platform/auth';
import type { Logger } from '@platform/telemetry';

/** What a handler knows about the call besides its request. */
export interface CallContext {
  /** The verified caller, or undefined for an anonymous call. */
  caller?: AccessClaims;
  /** The raw bearer token, forwarded on downstream calls. */
  token?: string;
  requestId: string;
  clientIp?: string;
  userAgent?: string;
  deadline: Date | number;
  metadata: Metadata;
  logger: Logger;
  /** The grpc-js call, so downstream calls can carry its deadline and cancellation. */
  call: ServerUnaryCall<unknown, unknown>;
}

export function firstValue(metadata: Metadata, key: string): string | undefined {
  const [value] = metadata.get(key);
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.toString('utf8');
}

export function bearerToken(metadata: Metadata): string | undefined {
  const header = firstValue(metadata, 'authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function requestIdOf(metadata: Metadata): string {
  return firstValue(metadata, 'x-request-id') ?? randomUUID();
}

export function clientIpOf(metadata: Metadata): string | undefined {
  return firstValue(metadata, 'x-forwarded-for')?.split(',')[0]?.trim() || undefined;
}
