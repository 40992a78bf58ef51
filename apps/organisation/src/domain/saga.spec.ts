import { runSaga, type SagaStep } from './saga';

function recorder() {
  const log: string[] = [];
  const step = (name: string, fails = false): SagaStep<unknown> => ({
    name,
    run: async () => {
      if (fails) throw new Error(`${name} failed`);
      log.push(`run ${name}`);
    },
    compensate: async () => {
      log.push(`undo ${name}`);
    },
  });
  return { log, step };
}

describe('sagas', () => {
  it('runs every step in order when none fails, undoing nothing', async () => {
    const { log, step } = recorder();
    await runSaga([step('a'), step('b'), step('c')], {});
    expect(log).toEqual(['run a', 'run b', 'run c']);
  });

  it('undoes the steps done before a failing step, in reverse order, and throws its error', async () => {
    const { log, step } = recorder();
    await expect(runSaga([step('a'), step('b'), step('c', true)], {})).rejects.toThrow('c failed');
    expect(log).toEqual(['run a', 'run b', 'undo b', 'undo a']);
  });

  it('undoes nothing when the first step fails', async () => {
    const { log, step } = recorder();
    await expect(runSaga([step('a', true), step('b')], {})).rejects.toThrow('a failed');
    expect(log).toEqual([]);
  });

  it('lets a hook inject a failure before any step', async () => {
    const { log, step } = recorder();
    const beforeStep = (name: string) => {
      if (name === 'b') throw new Error('injected');
    };
    await expect(runSaga([step('a'), step('b'), step('c')], {}, { beforeStep })).rejects.toThrow('injected');
    expect(log).toEqual(['run a', 'undo a']);
  });

  it('keeps undoing when one compensation fails, and reports it', async () => {
    const { log, step } = recorder();
    const broken: SagaStep<unknown> = { name: 'broken', run: async () => undefined, compensate: async () => Promise.reject(new Error('no')) };
    const failed: string[] = [];
    await expect(runSaga([step('a'), broken, step('c', true)], {}, { onCompensationFailed: (name) => failed.push(name) })).rejects.toThrow('c failed');
    expect(log).toEqual(['run a', 'undo a']);
    expect(failed).toEqual(['broken']);
  });
});
