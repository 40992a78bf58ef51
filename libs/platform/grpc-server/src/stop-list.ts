/** One thing to close at shutdown. */
export type StopStep = () => Promise<void> | void;

/**
 * What a service opened, closed in reverse: the last opened first, so nothing is closed while a part
 * opened after it still uses it. Each step is attempted even when an earlier one fails (a stuck
 * consumer never keeps the database or NATS open); a failure goes to `onError`.
 */
export class StopList {
  private readonly steps: StopStep[] = [];

  add(step: StopStep): void {
    this.steps.push(step);
  }

  /** Runs every step added so far, last added first; a second call runs only steps added since. */
  async closeAll(onError: (err: unknown) => void): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      await Promise.resolve()
        .then(step)
        .catch((err: unknown) => onError(err));
    }
  }
}
