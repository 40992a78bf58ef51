import { loadPlatformDescriptors } from './descriptors';
import * as organisationV1 from './organisation-v1';

const PACKAGE = 'platform.organisation.v1.';

describe('organisationV1', () => {
  const definitions = Object.entries(loadPlatformDescriptors()).filter(([name]) => name.startsWith(PACKAGE));
  const exported = organisationV1 as unknown as Record<string, unknown>;

  it('exports the codec of every message of the package, whichever file declares it', () => {
    const messages = definitions.filter(([, entry]) => 'format' in entry).map(([name]) => name.slice(PACKAGE.length));
    expect(messages.length).toBeGreaterThan(50);
    const missing = messages.filter((name) => typeof (exported[name] as { decode?: unknown } | undefined)?.decode !== 'function');
    expect(missing).toEqual([]);
  });

  it('exports the service with every RPC of the contract, and its client', () => {
    const service = definitions.find(([name]) => name === `${PACKAGE}OrganisationService`)?.[1] as Record<string, { path: string }>;
    const paths = (definition: Record<string, { path: string }>) =>
      Object.values(definition)
        .map((method) => method.path)
        .sort();
    expect(paths(organisationV1.OrganisationServiceService)).toEqual(paths(service));
    expect(typeof organisationV1.OrganisationServiceClient).toBe('function');
  });
});
