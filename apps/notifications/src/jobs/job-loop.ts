import type { Logger } from '@platform/telemetry';

export interface JobLoop {
  /** Runs a pass now (e.g. right after work was queued) instead of at the next tick. */
  wake(): void;
  /** Finishes the pass in progress and stops. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` again and again: at once while it finds work, every `idleMs` when it does not, sooner
 * when woken. A failing pass is logged and retried after a growing pause (up to 30 s), so a database
 * outage neither spins nor stops the loop.
 */
export function startJobLoop(options: { name: string; idleMs: number; pass: () => Promise<boolean>; logger: Logger }): JobLoop {
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      if (timer) clearTimeout(timer);
      wakeUp = undefined;
    });

  const running = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await options.pass();
        failures = 0;
      } catch (err) {
        failures++;
        options.logger.warn({ err, job: options.name }, 'job pass failed; retrying');
      }
      if (stopped) break;
      if (failures > 0) await pause(Math.min(30_000, options.idleMs * 2 ** Math.min(failures, 10)));
      else if (!busy) await pause(options.idleMs);
    }
  })();

  return {
    wake: () => wakeUp?.(),
    stop: async () => {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
