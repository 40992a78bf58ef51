import { compactAfterStart } from './compact-after-start';

describe('compactAfterStart', () => {
  it('collects once after the delay, logs the memory before and after, and leaves gc unexposed', async () => {
    const logged: { fields: Record<string, unknown>; message: string }[] = [];
    const logger = { info: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }), warn: jest.fn() };
    let garbage: unknown[] | undefined = Array.from({ length: 50_000 }, (_, i) => ({ i, text: `item ${i}` }));
    expect(garbage).toHaveLength(50_000);
    garbage = undefined;

    compactAfterStart(logger, 10);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(logger.warn).not.toHaveBeenCalled();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toBe('heap compacted after start-up');
    const [before, after] = logged[0]?.fields['heapUsedMb'] as [number, number];
    expect(after).toBeLessThan(before);
    expect(typeof logged[0]?.fields['ms']).toBe('number');
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it('does not keep the process alive', () => {
    const timer = compactAfterStart({ info: jest.fn(), warn: jest.fn() }, 60_000);
    expect(timer.hasRef()).toBe(false);
    clearTimeout(timer);
  });
});
