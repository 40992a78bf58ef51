/** What mapping one source record gives: a record to upsert, or a log line without a write. */
export type Mapped<T> =
  /** `note`: what the log line says besides the platform's answer (e.g. where a member's names came from). */
  | { kind: 'upsert'; externalId: string; record: T; note?: string }
  /** Not imported by rule (e.g. an event in the trash): logged SKIP. */
  | { kind: 'skip'; externalId: string; message: string }
  /** Cannot be imported (no email, no start time…): logged FAILED, the job goes on. */
  | { kind: 'failed'; externalId: string; message: string };

export const upsert = <T>(externalId: string, record: T, note = ''): Mapped<T> => ({ kind: 'upsert', externalId, record, ...(note ? { note } : {}) });
export const skip = <T>(externalId: string, message: string): Mapped<T> => ({ kind: 'skip', externalId, message });
export const failed = <T>(externalId: string, message: string): Mapped<T> => ({ kind: 'failed', externalId, message });
