import type { ResolvedRange } from './object-store';

/** A requested range as the gateway passes it (from `Range: bytes=…`). */
export interface RequestedRange {
  start?: number;
  end?: number;
  suffix?: number;
}

/**
 * Resolves a requested range against the object's size (RFC 9110 §14.1.2): an end past the object
 * is cut to its last byte; a suffix longer than the object is the whole object. Undefined means
 * unsatisfiable (start past the end, or an empty object).
 */
export function resolveRange(requested: RequestedRange, size: number): ResolvedRange | undefined {
  if (size <= 0) return undefined;
  if (requested.suffix !== undefined) {
    if (requested.suffix <= 0) return undefined;
    return { start: Math.max(0, size - requested.suffix), end: size - 1 };
  }
  const start = requested.start ?? 0;
  const end = Math.min(requested.end ?? size - 1, size - 1);
  if (start >= size || end < start) return undefined;
  return { start, end };
}
