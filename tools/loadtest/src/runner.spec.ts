import type { HttpClient, HttpRequest, HttpResult } from './http-client';
import { LiveCounters, runPlan } from './runner';
import type { Step } from './scenarios/scenario';

/** An HTTP client that answers after `latencyMs` with the status `answer` gives. */
function fakeHttp(latencyMs: number, answer: (r: HttpRequest) => HttpResult['outcome'] = () => 200) {
  const sent: HttpRequest[] = [];
  const client = {
    send: (request: HttpRequest) => {
      sent.push(request);
      return new Promise<HttpResult>((resolve) => setTimeout(() => resolve({ outcome: answer(request), latencyMs }), latencyMs));
    },
  } as unknown as HttpClient;
  return { client, sent };
}

/** Never called: the fake client answers by the step's label. */
const call: Step['call'] = () => Promise.reject(new Error('not sent'));
const plan = (step: Partial<Step> = {}) => ({ notes: [], next: (): Step => ({ label: 'GET /x', call, expect: [200], ...step }) });

describe('runPlan', () => {
  it('open model: starts the planned number of requests whatever the answers take', async () => {
    const http = fakeHttp(50);
    const result = await runPlan(plan(), http.client, {
      timeline: { rampUpMs: 0, durationMs: 1000 },
      load: { kind: 'rate', perSecond: 40 },
      maxInFlight: 100,
      drainMs: 500,
    });
    expect(result.samples.length).toBeGreaterThanOrEqual(36);
    expect(result.samples.length).toBeLessThanOrEqual(40);
    expect(result.elapsedMs).toBeLessThan(1500);
  });

  it('open model: does not send arrivals beyond the in-flight cap, and counts them', async () => {
    const http = fakeHttp(400);
    const live = new LiveCounters();
    const result = await runPlan(
      plan(),
      http.client,
      { timeline: { rampUpMs: 0, durationMs: 300 }, load: { kind: 'rate', perSecond: 100 }, maxInFlight: 5, drainMs: 1000 },
      live,
    );
    expect(http.sent).toHaveLength(5);
    expect(result.dropped).toBeGreaterThan(20);
    expect(live.dropped).toBe(result.dropped);
  });

  it('closed model: each user sends its next request when answered, until the end', async () => {
    const http = fakeHttp(100);
    const result = await runPlan(plan(), http.client, {
      timeline: { rampUpMs: 0, durationMs: 1000 },
      load: { kind: 'concurrency', users: 3 },
      maxInFlight: 1,
      drainMs: 500,
    });
    // About 30: fewer when timers run late on a busy machine, never more.
    expect(result.samples.length).toBeGreaterThanOrEqual(18);
    expect(result.samples.length).toBeLessThanOrEqual(33);
  });

  it('records expected and unexpected answers and hands each answer to its step', async () => {
    const seen: HttpResult['outcome'][] = [];
    const http = fakeHttp(5, (r) => ((r as Step).label === 'GET /x' ? 401 : 500));
    const live = new LiveCounters();
    const result = await runPlan(
      plan({ expect: [401], onAnswer: (r) => void seen.push(r.outcome) }),
      http.client,
      { timeline: { rampUpMs: 0, durationMs: 100 }, load: { kind: 'concurrency', users: 1 }, maxInFlight: 1, drainMs: 100 },
      live,
    );
    expect(result.samples.every((s) => s.outcome === 401 && s.expected)).toBe(true);
    expect(seen.length).toBe(result.samples.length);
    expect(live.errors).toBe(0);
  });

  it('marks requests started during the ramp-up by their start time', async () => {
    const http = fakeHttp(1);
    const result = await runPlan(plan(), http.client, {
      timeline: { rampUpMs: 200, durationMs: 200 },
      load: { kind: 'rate', perSecond: 100 },
      maxInFlight: 10,
      drainMs: 100,
    });
    const during = result.samples.filter((s) => s.startedAt < 200).length;
    expect(during).toBeGreaterThanOrEqual(6);
    expect(during).toBeLessThanOrEqual(12);
    expect(result.samples.length - during).toBeGreaterThanOrEqual(14);
  });

  it('stops starting requests when the stop signal fires, and says so', async () => {
    const http = fakeHttp(5);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const started = Date.now();
    const result = await runPlan(plan({ scenario: 'browse' }), http.client, {
      timeline: { rampUpMs: 0, durationMs: 10_000 },
      load: { kind: 'rate', perSecond: 50 },
      maxInFlight: 10,
      drainMs: 100,
      stop: stop.signal,
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result.stopped).toBe(true);
    expect(result.samples.length).toBeLessThanOrEqual(15);
    expect(result.samples.every((s) => s.scenario === 'browse')).toBe(true);
  });

  it('starts a burst (a capacity race) as one arrival of many requests at once', async () => {
    const http = fakeHttp(20);
    let first = true;
    const burst = {
      notes: [],
      next: (): Step | Step[] => {
        if (!first) return { label: 'GET /x', call, expect: [200] };
        first = false;
        return Array.from({ length: 8 }, () => ({ label: 'POST /race', call, expect: [200] }));
      },
    };
    const result = await runPlan(burst, http.client, {
      timeline: { rampUpMs: 0, durationMs: 100 },
      load: { kind: 'rate', perSecond: 20 },
      maxInFlight: 100,
      drainMs: 200,
    });
    const race = result.samples.filter((s) => s.step === 'POST /race');
    expect(race).toHaveLength(8);
    expect(Math.max(...race.map((s) => s.startedAt)) - Math.min(...race.map((s) => s.startedAt))).toBeLessThan(5);
  });
});
