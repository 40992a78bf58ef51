import { connectorV1 } from '@platform/proto';
import { freePort, startServiceHarness } from '@platform/testing';
import { startConnector } from '../src/main';
import { startFakeImporters, type FakeImporters } from './support/fake-importers';
import { startFakeSite, type FakeSite } from './support/fake-site';

export type ConnectorHarness = Awaited<ReturnType<typeof startConnectorHarness>>;

/**
 * The connector service in-process on its own schema, its four called services stood in for by
 * fake import RPCs, and a fake legacy site the outbound guard is told to allow (as an operator
 * allows the local site with OUTBOUND_ALLOWED_DESTINATIONS).
 */
export async function startConnectorHarness(label: string, env: NodeJS.ProcessEnv = {}) {
  const site: FakeSite = await startFakeSite();
  const fakes: FakeImporters = await startFakeImporters();
  // A port nothing listens on, allowed like the site: a site that is down.
  const deadPort = await freePort();
  const h = await startServiceHarness({
    app: 'connector',
    label,
    start: startConnector,
    client: connectorV1.ConnectorServiceClient,
    fakes: { organisation: fakes.organisation, content: fakes.content, events: fakes.events, documents: fakes.documents, notifications: fakes.notifications },
    env: {
      OUTBOUND_ALLOWED_DESTINATIONS: `127.0.0.1:${site.port},127.0.0.1:${deadPort}`,
      CONNECTOR_RUNNER_INTERVAL_MS: '100',
      CONNECTOR_SCHEDULER_INTERVAL_MS: '200',
      CONNECTOR_SITE_BACKOFF_MS: '10',
      CONNECTOR_SITE_TIMEOUT_MS: '2000',
      ...env,
    },
  });
  const stop = async () => {
    await h.stop();
    await site.stop();
  };
  return Object.assign(h, { site, fakes, deadSiteUrl: `http://127.0.0.1:${deadPort}`, stopAll: stop });
}
