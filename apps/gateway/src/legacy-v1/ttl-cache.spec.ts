import { TtlCache } from './ttl-cache';

describe('the lookup cache', () => {
  let now = 0;
  const cache = () => new TtlCache<string>({ ttlMs: 60_000, negativeTtlMs: 5_000, maxEntries: 2, now: () => now });

  beforeEach(() => {
    now = 1_000_000;
  });

  it('answers from memory until the entry is older than its time to live', async () => {
    const c = cache();
    const load = jest.fn().mockResolvedValue('org-a');
    expect(await c.get('a', load)).toBe('org-a');
    now += 59_999;
    expect(await c.get('a', load)).toBe('org-a');
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await c.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a miss for the shorter negative time to live', async () => {
    const c = cache();
    const load = jest.fn().mockResolvedValue(undefined);
    expect(await c.get('nobody', load)).toBeUndefined();
    now += 4_999;
    await c.get('nobody', load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await c.get('nobody', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('makes one lookup for concurrent misses of a key', async () => {
    const c = cache();
    let release: (value: string) => void = () => undefined;
    const load = jest.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const answers = Promise.all([c.get('a', load), c.get('a', load), c.get('a', load)]);
    release('org-a');
    expect(await answers).toEqual(['org-a', 'org-a', 'org-a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed lookup', async () => {
    const c = cache();
    await expect(c.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await c.get('a', () => Promise.resolve('org-a'))).toBe('org-a');
  });

  it('drops the oldest entry when full', async () => {
    const c = cache();
    await c.get('a', async () => 'A');
    await c.get('b', async () => 'B');
    await c.get('c', async () => 'C');
    expect(c.size).toBe(2);
    const load = jest.fn().mockResolvedValue('A again');
    expect(await c.get('a', load)).toBe('A again');
    expect(await c.get('c', async () => 'not asked')).toBe('C');
  });
});
