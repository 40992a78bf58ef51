/**
 * Wakes a polling loop early. A notify that arrives while the loop is busy is remembered, so the
 * next wait returns at once instead of missing it.
 */
export class WakeSignal {
  private pending = false;
  private wake: (() => void) | undefined;

  notify(): void {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  /** Resolves on the next notify (or a remembered one), or after timeoutMs. */
  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.wake = done;
    });
  }
}
