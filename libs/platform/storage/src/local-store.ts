import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkObjectKey } from './object-key';
import type { ObjectRead, ObjectStore, ResolvedRange, StoredObject } from './object-store';

/**
 * Objects as files under one directory. A write goes to a temporary file renamed into place when
 * the stream ends, so a failed or aborted upload leaves nothing under the key (and the temporary
 * file is removed).
 */
export class LocalObjectStore implements ObjectStore {
  readonly provider = 'LOCAL' as const;
  private readonly root: string;

  constructor(directory: string) {
    this.root = path.resolve(directory);
  }

  async put(key: string, body: Readable, _contentType: string): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    let size = 0;
    body.on('data', (chunk: Buffer) => (size += chunk.length));
    try {
      await pipeline(body, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, target);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
    return { size };
  }

  async get(key: string, range?: ResolvedRange): Promise<ObjectRead | undefined> {
    const file = this.pathOf(key);
    const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (!info?.isFile()) return undefined;
    const body = createReadStream(file, range ? { start: range.start, end: range.end, highWaterMark: 64 * 1024 } : { highWaterMark: 64 * 1024 });
    return { body, totalSize: info.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const info = await stat(this.pathOf(key)).catch(() => undefined);
    return info?.isFile() ?? false;
  }

  async close(): Promise<void> {
    // nothing held open
  }

  /** The key's file; checked twice: the key's syntax, then that the path stays under the root. */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, checkObjectKey(key));
    if (!file.startsWith(this.root + path.sep)) throw new Error('invalid object key (outside the storage directory)');
    return file;
  }
}
