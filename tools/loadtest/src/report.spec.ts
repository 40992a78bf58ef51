import { outcomesText, toMarkdown, type LoadTestReport } from './report';
import { summarise, type Sample } from './stats';

const s = (outcome: Sample['outcome'], expected: boolean, latencyMs = 10): Sample => ({
  step: 'POST /api/auth/org/login',
  startedAt: 0,
  latencyMs,
  outcome,
  expected,
});

describe('the report', () => {
  it('lists answers by status and marks the unexpected ones', () => {
    expect(outcomesText(summarise([s(200, true), s(401, true), s(401, false), s(503, false)], 1))).toBe('200: 1, 401: 2 (1 errors), 503: 1 (error)');
  });

  it('has one row per scenario with p50/p95/p99, throughput and errors, and says why one was skipped', () => {
    const summary = summarise([s(200, true, 4), s(200, true, 6)], 2);
    const report: LoadTestReport = {
      tool: 'platform-loadtest',
      startedAt: '2026-01-01T00:00:00.000Z',
      baseUrl: 'http://127.0.0.1:8080/',
      machine: 'test machine',
      load: 'closed model, 8 concurrent users',
      rampUpSeconds: 5,
      durationSeconds: 2,
      runId: 'r1',
      scenarios: [
        { name: 'login-storm', description: '', status: 'ran', notes: [], summary, steps: [{ step: 'POST /api/auth/org/login', summary }] },
        { name: 'admin-list', description: '', status: 'skipped', notes: ['GET /api/orgs/{id}/users answered 501'] },
      ],
    };
    const markdown = toMarkdown(report);
    expect(markdown).toContain('| **login-storm** | 2 | 1.0 | 4.00 | 6.00 | 6.00 | 6.00 | 0 | 200: 2 |');
    expect(markdown).toContain('| **admin-list** | – | – | – | – | – | – | – | skipped: GET /api/orgs/{id}/users answered 501 |');
    expect(markdown).toContain('closed model, 8 concurrent users; 5 s ramp-up (not measured), then 2 s measured');
  });
});
