import type { LoadModel } from './args';
import type { HttpClient } from './http-client';
import { arrivalsDue, nextArrivalAt, usersActive, type Timeline } from './schedule';
import type { ScenarioPlan } from './scenarios/scenario';
import type { Sample } from './stats';

export interface RunSettings {
  timeline: Timeline;
  load: LoadModel;
  maxInFlight: number;
  /** Longest wait for the requests still in flight at the end (the request timeout). */
  drainMs: number;
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
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a scenario's plan for the timeline: an open model starts requests at the planned times
 * (whatever the answers take, up to maxInFlight), a closed one runs N users back to back. It
 * stops starting requests at the end and waits at most drainMs for those in flight.
 */
export async function runPlan(
  plan: ScenarioPlan,
  http: HttpClient,
  settings: RunSettings,
  live = new LiveCounters(),
  clock = () => performance.now(),
): Promise<RunResult> {
  const { timeline } = settings;
  const end = timeline.rampUpMs + timeline.durationMs;
  const t0 = clock();
  const elapsed = () => clock() - t0;
  const samples: Sample[] = [];
  let dropped = 0;

  const execute = async (): Promise<void> => {
    const step = plan.next();
    const startedAt = elapsed();
    live.sent++;
    live.inFlight++;
    const result = await http.send(step);
    live.inFlight--;
    step.onAnswer?.(result);
    const expected = typeof result.outcome === 'number' && step.expect.includes(result.outcome);
    samples.push({ step: step.label, startedAt, latencyMs: result.latencyMs, outcome: result.outcome, expected });
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
    for (;;) {
      const due = arrivalsDue(rate, timeline, elapsed());
      while (launched < due) {
        launched++;
        if (live.inFlight >= settings.maxInFlight) {
          live.dropped++;
          if (elapsed() >= timeline.rampUpMs) dropped++;
          continue;
        }
        track(execute());
      }
      const nextAt = nextArrivalAt(rate, timeline, launched);
      if (nextAt === undefined) break;
      await sleep(Math.max(0, nextAt - elapsed()));
    }
  } else {
    const users = settings.load.users;
    const user = async () => {
      while (elapsed() < end) await execute();
    };
    let started = 0;
    while (started < users && elapsed() < end) {
      const active = usersActive(users, timeline, elapsed());
      for (; started < active; started++) track(user());
      if (started < users) await sleep(Math.max(1, timeline.rampUpMs / users));
    }
    await sleep(Math.max(0, end - elapsed()));
  }

  await Promise.race([Promise.all([...inFlight]), sleep(settings.drainMs)]);
  return { samples, dropped, elapsedMs: elapsed() };
}
