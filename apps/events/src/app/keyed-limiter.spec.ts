import { KeyedLimiter } from './keyed-limiter';

const tick = () => new Promise((r) => setImmediate(r));

describe('the per-event limiter', () => {
  it('runs at most `limit` pieces of work of one key at once, the others in arrival order, whatever fails', async () => {
    const limiter = new KeyedLimiter(2);
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string, fail = false) =>
      limiter.run('event-1', async () => {
        running += 1;
        most = Math.max(most, running);
        started.push(name);
        await tick();
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a'), job('b', true), job('c'), job('d'), job('e')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(most).toBe(2);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(limiter.size).toBe(0);
  });

  it('lets the work of different keys run side by side', async () => {
    const limiter = new KeyedLimiter(1);
    const log: string[] = [];
    const job = (key: string) =>
      limiter.run(key, async () => {
        log.push(`start ${key}`);
        await tick();
        log.push(`end ${key}`);
      });
    await Promise.all([job('x'), job('y')]);
    expect(log.slice(0, 2)).toEqual(['start x', 'start y']);
  });
});
