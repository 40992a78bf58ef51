import { createLogger } from '@platform/telemetry';
import { eachLimited, startJobLoop } from './job-loop';

describe('job loops', () => {
  it('runs at most `limit` items at a time, all of them', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      done.push(n);
      running--;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('repeats at once while there is work, waits when idle, wakes on demand and survives failures', async () => {
    const outcomes = [true, true, 'boom', false];
    let passes = 0;
    const loop = startJobLoop({
      name: 'test',
      idleMs: 60_000,
      logger: createLogger('test', {}, { write: () => undefined }),
      pass: async () => {
        const outcome = outcomes[passes++] ?? false;
        if (outcome === 'boom') throw new Error('boom');
        return outcome as boolean;
      },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(passes).toBe(3);
    loop.wake();
    await new Promise((r) => setTimeout(r, 10));
    expect(passes).toBe(4);
    loop.wake();
    await new Promise((r) => setTimeout(r, 10));
    expect(passes).toBe(5);
    await loop.stop();
  });
});
