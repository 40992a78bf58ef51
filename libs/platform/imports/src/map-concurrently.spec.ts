import { mapConcurrently } from './map-concurrently';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapConcurrently', () => {
  it('keeps at most `limit` in flight and answers in the order of the items', async () => {
    let running = 0;
    let most = 0;
    const out = await mapConcurrently([30, 5, 20, 1, 10, 2], 3, async (ms, i) => {
      running++;
      most = Math.max(most, running);
      await tick(ms);
      running--;
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10', '5:2']);
    expect(most).toBe(3);
  });

  it('answers nothing for no items, and runs one at a time with a limit of 1', async () => {
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
    const order: number[] = [];
    await mapConcurrently([3, 1, 2], 1, async (ms) => {
      await tick(ms);
      order.push(ms);
    });
    expect(order).toEqual([3, 1, 2]);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const run = mapConcurrently([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await tick(5);
      if (n === 1) throw new Error('one failed');
      return n;
    });
    await expect(run).rejects.toThrow('one failed');
    await tick(20);
    expect(started).toEqual([1, 2]);
  });

  it('refuses a limit that is not a whole number of at least 1', async () => {
    await expect(mapConcurrently([1], 0, async (n) => n)).rejects.toThrow(RangeError);
  });
});
