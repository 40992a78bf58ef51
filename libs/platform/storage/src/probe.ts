import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStore } from './object-store';

/**
 * Checks a store works: writes a small probe object, reads it back, deletes it. Answers the reason
 * of the first failure, or undefined when all three worked.
 */
export async function probeObjectStore(store: ObjectStore): Promise<string | undefined> {
  const key = `probes/${randomUUID()}`;
  const content = `probe ${key}`;
  try {
    await store.put(key, Readable.from([Buffer.from(content)]), 'text/plain');
  } catch (err) {
    return `write failed: ${reasonOf(err)}`;
  }
  try {
    const read = await store.get(key);
    if (!read) return 'read failed: the probe object was not found after writing it';
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).toString() !== content) return 'read failed: the probe object came back different';
  } catch (err) {
    return `read failed: ${reasonOf(err)}`;
  }
  try {
    await store.delete(key);
    if (await store.exists(key)) return 'delete failed: the probe object is still there';
  } catch (err) {
    return `delete failed: ${reasonOf(err)}`;
  }
  return undefined;
}

const reasonOf = (err: unknown): string => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 300);
