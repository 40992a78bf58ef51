import { configurations, previousBuilds, runConfiguration } from './version-skew';

/**
 * Version skew (issue 29, decision 0234), the second half of the configurations (version-skew.ts
 * explains them; two files so that Jest's two workers share them).
 */
describe('version skew, second half: previous releases beside HEAD pass the main journeys', () => {
  let previous: ReturnType<typeof previousBuilds>;

  beforeAll(() => {
    previous = previousBuilds();
  }, 600_000);

  it.each(
    configurations()
      .map((old, i) => [i + 1, old] as const)
      .filter(([i]) => i % 2 === 0),
  )('configuration %i, previous release of %j', (i, old) => runConfiguration(`skew${i}`, old, previous));
});
