import type { LoadModel } from './args';
import type { HttpClient } from './http-client';
import { arrivalsDue, nextArrivalAt, usersActive, type Timeline } from './schedule';
import type { ScenarioPlan, Step } from './scenarios/scenario';
import type { Sample } from './stats';

export interface RunSettings {
  timeline: Timeline;
  load: LoadModel;
  maxInFlight: number;
  /** Longest wait for the requests still in flight at the end (the request timeout). */
  drainMs: number;
  /** Ends the load early (Ctrl-C): no request starts after it fires; those in flight are waited for up to drainMs. */
  stop?: AbortSignal;
}

/** Counters a progress display reads while the run goes on. */
export class LiveCounters {
  sent = 0;
  done = 0;
  inFlight = 0;
  errors = 0;
  dropped = 0;
  /** Completions of the last second: [performance.now() at completion, latency]. */
  readonly recent: [number, number][] = [];

  record(at: number, latencyMs: number, expected: boolean): void {
    this.done++;
    if (!expected) this.errors++;
    this.recent.push([at, latencyMs]);
  }

  /** Drops completions older than one second before `now`; answers the rest. */
  lastSecond(now = performance.now()): [number, number][] {
    let drop = 0;
    while (drop < this.recent.length && (this.recent[drop]?.[0] ?? now) < now - 1000) drop++;
    this.recent.splice(0, drop);
    return this.recent;
  }
}

export interface RunResult {
  /** Every request started before the end, ramp-up included (`startedAt` tells them apart). */
  samples: Sample[];
  /** Open model: arrivals not sent because `maxInFlight` requests were in flight, after the ramp-up. */
  dropped: number;
  elapsedMs: number;
  /** The stop signal ended the load before the end of the timeline. */
  stopped: boolean;
}

/** Waits `ms`, or less when `stop` fires. */
const sleep = (ms: number, stop?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (stop?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      stop?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop?.addEventListener('abort', done, { once: true });
  });

/**
 * Runs a plan (one scenario's, or the mix of them) for the timeline: an open model starts
 * requests at the planned times (whatever the answers take, up to maxInFlight; a burst the plan
 * answers starts all its requests at once), a closed one runs N users back to back. It stops
 * starting requests at the end or when `stop` fires, and waits at most drainMs for those in flight.
 */
export async function runPlan(
  plan: ScenarioPlan,
  http: HttpClient,
  settings: RunSettings,
  live = new LiveCounters(),
  clock = () => performance.now(),
): Promise<RunResult> {
  const { timeline, stop } = settings;
  const stopped = () => stop?.aborted === true;
  const end = timeline.rampUpMs + timeline.durationMs;
  const t0 = clock();
  const elapsed = () => clock() - t0;
  const samples: Sample[] = [];
  let dropped = 0;

  const execute = async (step: Step): Promise<void> => {
    const startedAt = elapsed();
    live.sent++;
    live.inFlight++;
    const result = await http.send(step);
    live.inFlight--;
    step.onAnswer?.(result);
    const expected = typeof result.outcome === 'number' && step.expect.includes(result.outcome);
    samples.push({
      step: step.label,
      ...(step.scenario ? { scenario: step.scenario } : {}),
      startedAt,
      latencyMs: result.latencyMs,
      outcome: result.outcome,
      expected,
    });
    live.record(performance.now(), result.latencyMs, expected);
  };

  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  if (settings.load.kind === 'rate') {
    const rate = settings.load.perSecond;
    let launched = 0;
    while (!stopped()) {
      const due = arrivalsDue(rate, timeline, elapsed());
      while (launched < due) {
        launched++;
        if (live.inFlight >= settings.maxInFlight) {
          live.dropped++;
          if (elapsed() >= timeline.rampUpMs) dropped++;
          continue;
        }
        for (const step of [plan.next()].flat()) track(execute(step));
      }
      const nextAt = nextArrivalAt(rate, timeline, launched);
      if (nextAt === undefined) break;
      await sleep(Math.max(0, nextAt - elapsed()), stop);
    }
  } else {
    const users = settings.load.users;
    const user = async () => {
      while (elapsed() < end && !stopped()) await Promise.all([plan.next()].flat().map(execute));
    };
    let started = 0;
    while (started < users && elapsed() < end && !stopped()) {
      const active = usersActive(users, timeline, elapsed());
      for (; started < active; started++) track(user());
      if (started < users) await sleep(Math.max(1, timeline.rampUpMs / users), stop);
    }
    await sleep(Math.max(0, end - elapsed()), stop);
  }

  await Promise.race([Promise.all([...inFlight]), sleep(settings.drainMs)]);
  return { samples, dropped, elapsedMs: elapsed(), stopped: stopped() && elapsed() < end };
}
