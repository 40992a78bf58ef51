import { arrivalsDue, nextArrivalAt, phaseAt, usersActive } from './schedule';

const timeline = { rampUpMs: 10_000, durationMs: 20_000 };

describe('open model', () => {
  it('starts arrivals at the full rate at once without a ramp-up', () => {
    const flat = { rampUpMs: 0, durationMs: 10_000 };
    expect(arrivalsDue(100, flat, 0)).toBe(0);
    expect(arrivalsDue(100, flat, 1000)).toBe(100);
    expect(arrivalsDue(100, flat, 10_000)).toBe(1000);
    expect(arrivalsDue(100, flat, 60_000)).toBe(1000);
  });

  it('ramps the rate up linearly: half the full rate’s arrivals during the ramp-up', () => {
    expect(arrivalsDue(100, timeline, 5000)).toBe(125); // 100/s × 5 s × (5/10) / 2
    expect(arrivalsDue(100, timeline, 10_000)).toBe(500);
    expect(arrivalsDue(100, timeline, 11_000)).toBe(600);
    expect(arrivalsDue(100, timeline, 30_000)).toBe(2500);
  });

  it('plans each next arrival where the count of due arrivals reaches it', () => {
    for (const count of [0, 1, 10, 124, 499, 500, 501, 1000, 2498]) {
      const at = nextArrivalAt(100, timeline, count)!;
      expect(arrivalsDue(100, timeline, at + 0.001)).toBeGreaterThanOrEqual(count + 1);
      expect(arrivalsDue(100, timeline, at - 1)).toBeLessThanOrEqual(count);
    }
  });

  it('follows the rate over time: each second of the ramp-up gets the rate of its middle, then the full rate', () => {
    const perSecond = Array.from({ length: 30 }, (_, s) => arrivalsDue(100, timeline, (s + 1) * 1000) - arrivalsDue(100, timeline, s * 1000));
    for (let s = 0; s < 10; s++) expect(Math.abs((perSecond[s] ?? 0) - (s + 0.5) * 10)).toBeLessThanOrEqual(1);
    for (let s = 10; s < 30; s++) expect(perSecond[s]).toBe(100);
  });

  it('plans nothing past the end', () => {
    expect(nextArrivalAt(100, timeline, 2500)).toBeUndefined();
    expect(nextArrivalAt(100, { rampUpMs: 0, durationMs: 1000 }, 99)).toBeUndefined();
    expect(nextArrivalAt(100, { rampUpMs: 0, durationMs: 1000 }, 98)).toBeCloseTo(990);
  });
});

describe('closed model', () => {
  it('starts one user at once and all of them by the end of the ramp-up', () => {
    expect(usersActive(8, timeline, 0)).toBe(1);
    expect(usersActive(8, timeline, 2500)).toBe(2);
    expect(usersActive(8, timeline, 9999)).toBe(8);
    expect(usersActive(8, timeline, 15_000)).toBe(8);
    expect(usersActive(8, { rampUpMs: 0, durationMs: 1000 }, 0)).toBe(8);
  });
});

describe('phaseAt', () => {
  it('measures only after the ramp-up', () => {
    expect([0, 9999, 10_000, 29_999, 30_000].map((t) => phaseAt(timeline, t))).toEqual(['ramp-up', 'ramp-up', 'steady', 'steady', 'done']);
  });
});
