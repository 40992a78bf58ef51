import type { Check } from '../report';
import { authorised, inOrg, type Scenario, type Step, type World } from './scenario';

/** How long the check waits after the load for the last sync to end. */
const SYNC_SETTLE_MS = 90_000;

const ENDED = ['COMPLETED', 'FAILED', 'CANCELLED', 'STOPPED'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A connector INCREMENTAL sync, triggered and polled until done, again and again: the setup
 * creates a LEGACY_SITE connector in the run's organisation for `--legacy-site-url` (the
 * connector service reaches the site, not this tool) and runs its INITIAL_IMPORT to the end;
 * then an arrival either triggers `POST …/connectors/{id}/sync {INCREMENTAL}` (201, or 409 while
 * one runs) or polls the running job (`GET …/sync-jobs/{jobId}`). After the load, the last job is
 * polled until it ends (30 s at most): every job must have COMPLETED.
 */
export const connectorSync: Scenario = {
  name: 'connector-sync',
  description: 'the organisation admin triggers INCREMENTAL syncs and polls them to the end',
  async prepare(world) {
    const orgId = world.organizationId;
    const token = world.orgAdminToken;
    const site = world.options.legacySite;
    if (!site) return { kind: 'skipped', reason: 'no --legacy-site-url (and LOADTEST_LEGACY_SYNC_KEY) to connect to' };
    if (!orgId || !token) return { kind: 'skipped', reason: `no organisation admin (${world.organizationProblem ?? 'unknown'})` };
    const made = await makeConnector(world, orgId, token, site);
    if ('problem' in made) return { kind: 'skipped', reason: made.problem };
    const connectorId = made.id;
    const path = { organizationId: orgId, connectorId };

    let running: string | undefined;
    let triggering = false;
    const ended: Record<string, number> = {};
    const pollStep = (jobId: string): Step => ({
      label: 'GET …/connectors/{id}/sync-jobs/{jobId} (poll)',
      call: (api, signal) =>
        api.GET('/api/orgs/{organizationId}/connectors/{connectorId}/sync-jobs/{jobId}', {
          params: { path: { ...path, jobId } },
          ...authorised(token),
          signal,
        }),
      expect: [200],
      onAnswer: (result) => {
        const status = (result.json as { status?: string } | undefined)?.status;
        if (status && ENDED.includes(status) && running === jobId) {
          ended[status] = (ended[status] ?? 0) + 1;
          running = undefined;
        }
      },
    });
    const next = (): Step => {
      if (running) return pollStep(running);
      if (triggering)
        return {
          label: 'GET …/connectors/{id}',
          call: (api, signal) => api.GET('/api/orgs/{organizationId}/connectors/{connectorId}', { params: { path }, ...authorised(token), signal }),
          expect: [200],
        };
      triggering = true;
      return {
        label: 'POST …/connectors/{id}/sync (INCREMENTAL)',
        call: (api, signal) =>
          api.POST('/api/orgs/{organizationId}/connectors/{connectorId}/sync', {
            params: { path },
            ...authorised(token),
            body: { jobType: 'INCREMENTAL' },
            signal,
          }),
        expect: [201, 409],
        onAnswer: (result) => {
          triggering = false;
          const id = (result.json as { id?: string } | undefined)?.id;
          if (result.outcome === 201 && id) running = id;
        },
      };
    };
    const verify = async (): Promise<Check[]> => {
      // A sync started in the last second of the load may still be pulling: wait for it, up to
      // SYNC_SETTLE_MS (a busy staging or CI machine takes its time), polling every 100 ms.
      const deadline = Date.now() + SYNC_SETTLE_MS;
      while (running && Date.now() < deadline) {
        const res = await world.http.send(pollStep(running));
        if (res.outcome !== 200) break;
        if (running) await sleep(100);
      }
      const total = Object.values(ended).reduce((a, b) => a + b, 0);
      const summary = Object.entries(ended)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      return [
        {
          name: 'every INCREMENTAL sync completed',
          passed: !running && total > 0 && total === (ended['COMPLETED'] ?? 0),
          detail: running ? `job ${running} still running ${SYNC_SETTLE_MS / 1000} s after the load` : `${total} syncs ended${summary ? `: ${summary}` : ''}`,
        },
      ];
    };
    return { kind: 'ready', plan: { next, verify, notes: [`connector ${connectorId}, INITIAL_IMPORT in ${made.importSeconds.toFixed(1)} s`] } };
  },
};

async function makeConnector(
  world: World,
  orgId: string,
  token: string,
  site: { url: string; syncKey: string },
): Promise<{ id: string; importSeconds: number } | { problem: string }> {
  const { api } = world.http;
  const signal = () => world.http.deadline();
  const types = await api.GET('/api/connectors/types', { ...authorised(token), signal: signal() });
  const type = (types.data as { types?: { id?: string; code?: string }[] } | undefined)?.types?.find((t) => t.code === 'LEGACY_SITE');
  if (!type?.id) return { problem: `GET /api/connectors/types answered ${types.response.status} without LEGACY_SITE` };
  const created = await api.POST('/api/orgs/{organizationId}/connectors', {
    params: { path: inOrg(orgId) },
    ...authorised(token),
    body: { connectorTypeId: type.id, name: `[lt-${world.options.runId}] Legacy site`, config: { siteUrl: site.url, syncKey: site.syncKey } },
    signal: signal(),
  });
  const id = (created.data as { id?: string } | undefined)?.id;
  if (created.response.status !== 201 || !id) return { problem: `POST /api/orgs/{id}/connectors answered ${created.response.status}` };
  const path = { organizationId: orgId, connectorId: id };
  const started = performance.now();
  const initial = await api.POST('/api/orgs/{organizationId}/connectors/{connectorId}/sync', {
    params: { path },
    ...authorised(token),
    body: { jobType: 'INITIAL_IMPORT' },
    signal: signal(),
  });
  const jobId = (initial.data as { id?: string } | undefined)?.id;
  if (initial.response.status !== 201 || !jobId) return { problem: `the INITIAL_IMPORT (POST …/sync) answered ${initial.response.status}` };
  // Within the setup bound of the run (5 min for the whole setup).
  while (performance.now() - started < 180_000) {
    const job = await api.GET('/api/orgs/{organizationId}/connectors/{connectorId}/sync-jobs/{jobId}', {
      params: { path: { ...path, jobId } },
      ...authorised(token),
      signal: signal(),
    });
    const status = (job.data as { status?: string } | undefined)?.status;
    if (status === 'COMPLETED') return { id, importSeconds: (performance.now() - started) / 1000 };
    if (status && ENDED.includes(status)) return { problem: `the INITIAL_IMPORT ended ${status}` };
    await sleep(100);
  }
  return { problem: 'the INITIAL_IMPORT did not end within 3 minutes: a smaller site, or a connector already imported' };
}
