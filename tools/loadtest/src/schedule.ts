/**
 * When requests start. Both models ramp linearly from zero over `rampUpMs`, then hold for
 * `durationMs`; only requests started after the ramp-up are measured.
 */
export interface Timeline {
  rampUpMs: number;
  durationMs: number;
}

export type Phase = 'ramp-up' | 'steady' | 'done';

export function phaseAt(timeline: Timeline, elapsedMs: number): Phase {
  if (elapsedMs >= timeline.rampUpMs + timeline.durationMs) return 'done';
  return elapsedMs < timeline.rampUpMs ? 'ramp-up' : 'steady';
}

/**
 * Open model: how many requests should have started by `elapsedMs`, the integral of a rate that
 * grows linearly from 0 to `perSecond` over the ramp-up and then stays there.
 */
export function arrivalsDue(perSecond: number, timeline: Timeline, elapsedMs: number): number {
  const end = timeline.rampUpMs + timeline.durationMs;
  const t = Math.min(Math.max(elapsedMs, 0), end);
  const ramp = timeline.rampUpMs;
  const perMs = perSecond / 1000;
  const during = ramp > 0 ? (perMs * Math.min(t, ramp) ** 2) / (2 * ramp) : 0;
  const after = perMs * Math.max(0, t - ramp);
  return Math.floor(during + after + 1e-9);
}

/** When the next arrival is due after `count` have started (ms from the start), or undefined past the end. */
export function nextArrivalAt(perSecond: number, timeline: Timeline, count: number): number | undefined {
  const perMs = perSecond / 1000;
  const ramp = timeline.rampUpMs;
  const n = count + 1;
  const rampArrivals = ramp > 0 ? (perMs * ramp) / 2 : 0;
  const at = n <= rampArrivals ? Math.sqrt((2 * ramp * n) / perMs) : ramp + (n - rampArrivals) / perMs;
  return at < timeline.rampUpMs + timeline.durationMs ? at : undefined;
}

/** Closed model: how many of `users` have started by `elapsedMs` (one at once, all by the end of the ramp-up). */
export function usersActive(users: number, timeline: Timeline, elapsedMs: number): number {
  if (timeline.rampUpMs <= 0 || elapsedMs >= timeline.rampUpMs) return users;
  return Math.min(users, Math.max(1, Math.ceil((users * Math.max(elapsedMs, 0)) / timeline.rampUpMs)));
}
