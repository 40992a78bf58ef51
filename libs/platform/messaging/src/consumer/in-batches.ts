/**
 * Reads `source` ahead into a queue of at most `max` items and hands `handle` everything queued
 * when it is free, up to `max` at once: one item at a time while items come slower than they are
 * handled, batches as soon as they queue up. Ends when the source ends (after the last batch) and
 * rejects with the source's failure, if any; a failure of `handle` rejects at once.
 */
export async function inBatches<T>(source: AsyncIterable<T>, max: number, handle: (batch: T[]) => Promise<void>): Promise<void> {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a whole number of at least 1, not ${max}`);
  const queue: T[] = [];
  let ended = false;
  let failure: { err: unknown } | undefined;
  let itemArrived: (() => void) | undefined;
  let roomMade: (() => void) | undefined;
  const wakeReader = () => {
    itemArrived?.();
    itemArrived = undefined;
  };

  const iterator = source[Symbol.asyncIterator]();
  let abandoned = false;
  const reading = (async () => {
    try {
      while (!abandoned) {
        const next = await iterator.next();
        if (next.done) break;
        queue.push(next.value);
        wakeReader();
        if (queue.length >= max) await new Promise<void>((resolve) => (roomMade = resolve));
      }
    } catch (err) {
      failure = { err };
    } finally {
      ended = true;
      wakeReader();
    }
  })();
  const makeRoom = () => {
    roomMade?.();
    roomMade = undefined;
  };

  for (;;) {
    if (queue.length === 0) {
      if (ended) break;
      await new Promise<void>((resolve) => (itemArrived = resolve));
      continue;
    }
    const batch = queue.splice(0, max);
    makeRoom();
    try {
      await handle(batch);
    } catch (err) {
      // Stop reading, as a for-await loop that throws would: the source is told it is no longer read.
      abandoned = true;
      makeRoom();
      await iterator.return?.();
      throw err;
    }
  }
  await reading;
  if (failure) throw failure.err;
}
