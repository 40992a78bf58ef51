import { WakeSignal } from './wake-signal';

describe('WakeSignal', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('wakes a waiter on notify', async () => {
    const signal = new WakeSignal();
    let woke = false;
    const waiting = signal.wait(10_000).then(() => (woke = true));
    signal.notify();
    await waiting;
    expect(woke).toBe(true);
  });

  it('remembers a notify that came while nobody waited, once', async () => {
    const signal = new WakeSignal();
    signal.notify();
    signal.notify();
    await signal.wait(10_000);
    let woke = false;
    void signal.wait(200).then(() => (woke = true));
    await jest.advanceTimersByTimeAsync(199);
    expect(woke).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(woke).toBe(true);
  });
});
