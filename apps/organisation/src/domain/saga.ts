/**
 * A saga: steps that each change something (often in another service) and each know how to undo
 * it. When a step fails, the steps done before it are undone in reverse order and the step's error
 * is thrown on; a compensation that fails is reported and the others still run.
 */
export interface SagaStep<C> {
  name: string;
  run(context: C): Promise<void>;
  /** Undoes what run did; absent for a step with nothing to undo (or the last step). */
  compensate?(context: C): Promise<void>;
}

export interface SagaHooks {
  /** Called before each step runs; a test throws here to inject a failure at that step. */
  beforeStep?(name: string): void | Promise<void>;
  onCompensationFailed?(name: string, err: unknown): void;
}

export async function runSaga<C>(steps: readonly SagaStep<C>[], context: C, hooks: SagaHooks = {}): Promise<C> {
  const done: SagaStep<C>[] = [];
  for (const step of steps) {
    try {
      await hooks.beforeStep?.(step.name);
      await step.run(context);
    } catch (err) {
      for (const completed of [...done].reverse()) {
        try {
          await completed.compensate?.(context);
        } catch (compensationError) {
          hooks.onCompensationFailed?.(completed.name, compensationError);
        }
      }
      throw err;
    }
    done.push(step);
  }
  return context;
}
