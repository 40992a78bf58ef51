import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LocalObjectStore, S3ObjectStore, probeObjectStore, type ObjectStore } from '../src';

const S3rver = require('s3rver') as new (options: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };

/** A deterministic stream of `size` bytes in 64 KiB chunks (never all in memory). */
function bytes(size: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(64 * 1024, size - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) chunk[i] = (sent + i) % 251;
      sent += n;
      this.push(chunk);
    },
  });
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const failing = (): Readable =>
  new Readable({
    read() {
      this.push(Buffer.alloc(1024));
      this.destroy(new Error('client went away'));
    },
  });

function behavesAsAnObjectStore(name: string, open: () => Promise<{ store: ObjectStore; large: number; stop(): Promise<void> }>) {
  describe(name, () => {
    let store: ObjectStore;
    let large: number;
    let stop: () => Promise<void>;

    beforeAll(async () => {
      ({ store, large, stop } = await open());
    });
    afterAll(async () => {
      await store?.close();
      await stop?.();
    });

    it('stores a large object from a stream and reads it back whole', async () => {
      const written = await store.put('orgs/o1/large.bin', bytes(large), 'application/octet-stream');
      expect(written.size).toBe(large);
      const read = await store.get('orgs/o1/large.bin');
      expect(read?.totalSize).toBe(large);
      const content = await readAll(read!.body);
      expect(content.length).toBe(large);
      expect(content[large - 1]).toBe((large - 1) % 251);
    });

    it('reads a byte range with the whole size', async () => {
      const read = await store.get('orgs/o1/large.bin', { start: 1000, end: 1009 });
      expect(read?.totalSize).toBe(large);
      const content = await readAll(read!.body);
      expect([...content]).toEqual(Array.from({ length: 10 }, (_, i) => (1000 + i) % 251));
    });

    it('answers undefined for a missing key and false for exists', async () => {
      expect(await store.get('orgs/o1/missing.bin')).toBeUndefined();
      expect(await store.exists('orgs/o1/missing.bin')).toBe(false);
    });

    it('deletes an object, and deleting a missing one is no error', async () => {
      await store.put('orgs/o1/small.txt', Readable.from([Buffer.from('hello')]), 'text/plain');
      expect(await store.exists('orgs/o1/small.txt')).toBe(true);
      await store.delete('orgs/o1/small.txt');
      expect(await store.exists('orgs/o1/small.txt')).toBe(false);
      await store.delete('orgs/o1/small.txt');
    });

    it('leaves nothing behind when the stream fails', async () => {
      await expect(store.put('orgs/o1/broken.bin', failing(), 'application/octet-stream')).rejects.toThrow();
      expect(await store.exists('orgs/o1/broken.bin')).toBe(false);
    });

    it('refuses a traversing key before touching the store', async () => {
      await expect(store.get('../outside')).rejects.toThrow(/invalid object key/);
      await expect(store.put('a/../../b', Readable.from([]), 'text/plain')).rejects.toThrow(/invalid object key/);
    });

    it('passes the write/read/delete probe', async () => {
      expect(await probeObjectStore(store)).toBeUndefined();
    });
  });
}

behavesAsAnObjectStore('the LOCAL store (a directory)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-local-'));
  return {
    store: new LocalObjectStore(dir),
    large: 3 * 1024 * 1024 + 17,
    stop: async () => {
      // no temporary file survives a failed write
      const left = await readdir(path.join(dir, 'orgs', 'o1'));
      expect(left.filter((f) => f.endsWith('.part'))).toEqual([]);
      await rm(dir, { recursive: true, force: true });
    },
  };
});

behavesAsAnObjectStore('the S3 store against a local S3 server (s3rver)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'storage-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'documents' }] });
  const { port } = await server.run();
  const store = new S3ObjectStore({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'documents',
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  return {
    store,
    // above the 8 MiB part size: a real multipart upload
    large: 17 * 1024 * 1024 + 5,
    stop: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('probeObjectStore', () => {
  it('names the failing step of an unreachable S3 endpoint', async () => {
    const store = new S3ObjectStore({
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
      bucket: 'b',
      forcePathStyle: true,
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
    expect(await probeObjectStore(store)).toMatch(/^write failed: /);
    await store.close();
  });
});
