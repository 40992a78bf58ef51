import { inBatches } from './in-batches';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** An async source the test feeds: `push` an item, `end` it, or `fail` it. */
function feed<T>() {
  const items: T[] = [];
  let waiting: (() => void) | undefined;
  let state: 'open' | 'ended' | { err: Error } = 'open';
  const wake = () => {
    waiting?.();
    waiting = undefined;
  };
  let pulled = 0;
  const source: AsyncIterable<T> = {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (items.length === 0 && state === 'open') await new Promise<void>((resolve) => (waiting = resolve));
        if (items.length > 0) {
          pulled++;
          yield items.shift() as T;
          continue;
        }
        if (state === 'ended') return;
        throw (state as { err: Error }).err;
      }
    },
  };
  return {
    source,
    pulled: () => pulled,
    push: (...more: T[]) => (items.push(...more), wake()),
    end: () => ((state = 'ended'), wake()),
    fail: (err: Error) => ((state = { err }), wake()),
  };
}

describe('inBatches', () => {
  it('hands items over one at a time while they come slowly, then in batches once they queue up', async () => {
    const f = feed<number>();
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const done = inBatches(f.source, 3, async (batch) => {
      batches.push(batch);
      if (batch[0] === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    f.push(1);
    await tick();
    expect(batches).toEqual([[1]]);
    // While 1 is being handled, 2..6 arrive: the reader queues three and waits for room.
    f.push(2, 3, 4, 5, 6);
    await tick();
    expect(f.pulled()).toBe(4);
    release();
    await tick();
    f.end();
    await done;
    expect(batches.slice(0, 2)).toEqual([[1], [2, 3, 4]]);
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Math.max(...batches.map((b) => b.length))).toBe(3);
  });

  it('ends after the last batch when the source ends, and rejects with its failure', async () => {
    const ok = feed<string>();
    const seen: string[][] = [];
    const run = inBatches(ok.source, 10, async (batch) => void seen.push(batch));
    ok.push('a', 'b');
    ok.end();
    await run;
    expect(seen.flat()).toEqual(['a', 'b']);

    const broken = feed<string>();
    const failing = inBatches(broken.source, 10, async () => undefined);
    broken.push('a');
    broken.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
  });

  it('rejects when handling a batch fails, and stops reading the source', async () => {
    let returned = false;
    let pulled = 0;
    const source: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => ({ done: false, value: ++pulled }),
        return: async () => ((returned = true), { done: true, value: undefined }),
      }),
    };
    const run = inBatches(source, 2, async () => {
      throw new Error('handler broke');
    });
    await expect(run).rejects.toThrow('handler broke');
    expect(returned).toBe(true);
    const after = pulled;
    await tick(10);
    expect(pulled).toBeLessThanOrEqual(after + 1);
  });
});
