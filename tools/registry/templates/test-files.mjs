// A new service's tests: specs beside the config, the use case and the rule; an integration test on
// the shared harness (its own schema, stream and subjects); an e2e test through the gateway.

const configSpec = (n) => `import { configDisagreements } from '@platform/registry';
import { loadConfig } from './config';

describe('the configuration', () => {
  it('takes its ports, schema and service addresses from the service registry', () => {
    expect(configDisagreements('${n.name}', loadConfig({}))).toEqual([]);
  });
});
`;

const domainSpec = () => `import { serviceStatus } from './service-status';

describe('the service status', () => {
  it('is SERVING when every service it calls serves, or when it calls none', () => {
    expect(serviceStatus([{ service: 'a', serving: true }])).toBe('SERVING');
    expect(serviceStatus([])).toBe('SERVING');
  });

  it('is DEGRADED while a service it calls does not serve', () => {
    expect(serviceStatus([{ service: 'a', serving: true }, { service: 'b', serving: false }])).toBe('DEGRADED');
  });
});
`;

const appSpec = (n) => {
  const fakes = (serving) => n.calls.map((c) => `${c.camel}: { serving: async () => ${serving} }`).join(', ');
  const deps = (serving) => `{ db, logger${n.calls.length ? `, ${fakes(serving)}` : ''} }`;
  const all = (serving) => n.calls.map((c) => `{ service: '${c.name}', serving: ${serving} }`).join(', ');
  return `import type { ${n.Pascal}Deps } from '../deps';
import { serviceInfo } from './service-info';

const now = new Date('2026-01-02T03:04:05Z');
const db = { $queryRaw: async () => [{ now }] } as unknown as ${n.Pascal}Deps['db'];
const logger = undefined as unknown as ${n.Pascal}Deps['logger'];

describe('the service info', () => {
  it('answers the service name, the database clock and SERVING ${n.calls.length ? 'while every service it calls serves' : '(it calls no other service)'}', async () => {
    await expect(serviceInfo(${deps(true)})).resolves.toEqual({
      service: '${n.name}',
      databaseTime: now,
      dependencies: [${all(true)}],
      status: 'SERVING',
    });
  });${
    n.calls.length
      ? `

  it('answers DEGRADED, naming the service, while one it calls does not serve', async () => {
    await expect(serviceInfo(${deps(false)})).resolves.toMatchObject({
      dependencies: [${all(false)}],
      status: 'DEGRADED',
    });
  });`
      : ''
  }
});
`;
};

const integrationSpec = (n) => {
  const consumes = n.consumes.length > 0;
  const modules = [...new Set([`${n.camel}V1`, ...n.consumes.map((s) => s.module)])].sort();
  const imports = [
    ...(consumes ? [`import { randomUUID } from 'node:crypto';`] : []),
    `import { status } from '@grpc/grpc-js';`,
    ...(consumes ? [`import { encodePayload, SUBJECTS } from '@platform/messaging';`] : []),
    `import { ${modules.join(', ')} } from '@platform/proto';`,
    `import { ${consumes ? 'eventually, ' : ''}startServiceHarness } from '@platform/testing';`,
    `import { start${n.Pascal} } from '../src/main';`,
  ];
  const callees = n.calls.length
    ? `

  it('reports the services it calls as not serving while they cannot be reached', async () => {
    const info = await h.call('getServiceInfo', {}, h.tokens.system());
    expect(info).toMatchObject({ dependencies: [${n.calls.map((c) => `{ service: '${c.name}', serving: false }`).join(', ')}], status: 'DEGRADED' });
  });`
    : '';
  const consumers = n.consumes
    .map(
      (s) => `

  it('records each ${s.subject} message it receives, with its payload', async () => {
    const messageId = randomUUID();
    const payload = ${s.module}.${s.message}.fromPartial({ ${s.field}: \`sent by the test \${messageId}\` });
    await h.publish(SUBJECTS.${s.key}, encodePayload(SUBJECTS.${s.key}, payload), messageId);
    await eventually(async () =>
      expect(await h.sql('SELECT subject, payload FROM received_message WHERE message_id = $1', [messageId])).toEqual([
        { subject: SUBJECTS.${s.key}, payload: ${s.module}.${s.message}.toJSON(payload) },
      ]),
    );
  });`,
    )
    .join('');
  return `${imports.join('\n')}

const startHarness = () => startServiceHarness({ app: '${n.name}', label: 'service_info', start: start${n.Pascal}, client: ${n.camel}V1.${n.Pascal}ServiceClient });

describe('the ${n.name} service on its own schema, NATS and gRPC', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('answers GetServiceInfo from its own database to a signed-in user', async () => {
    const info = await h.call('getServiceInfo', {}, h.tokens.system());
    expect(info.service).toBe('${n.name}');
    expect(Math.abs((info.databaseTime?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses an anonymous caller', async () => {
    await expect(h.call('getServiceInfo', {})).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
  });${callees}${consumers}
});
`;
};

const e2eSpec = (n) => `import { ADMIN, http, startPlatform, type Platform } from './platform';

describe('the ${n.name} service through the gateway', () => {
  let platform: Platform;
  let api: ReturnType<typeof http>;

  beforeAll(async () => {
    platform = await startPlatform('${n.name}', { services: ['${n.name}'] });
    api = http(platform.baseUrl);
  });
  afterAll(async () => platform?.stop());

  it('GET /api/${n.name}/service-info answers a signed-in user', async () => {
    const login = await api.post('/api/auth/system/login', ADMIN);
    const res = await api.get('/api/${n.name}/service-info', login.body.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: '${n.name}' });
  });

  it('GET /api/${n.name}/service-info answers 401 without a token', async () => {
    const res = await api.get('/api/${n.name}/service-info');
    expect(res.status).toBe(401);
  });
});
`;

/** The specs of config, app/ and domain/, the integration test and the e2e test. */
export function testFiles(n) {
  const src = `apps/${n.name}/src`;
  return {
    [`${src}/config.spec.ts`]: configSpec(n),
    [`${src}/app/service-info.spec.ts`]: appSpec(n),
    [`${src}/domain/service-status.spec.ts`]: domainSpec(n),
    [`apps/${n.name}/test/${n.name}.integration-spec.ts`]: integrationSpec(n),
    [`apps/platform-e2e/src/${n.name}.e2e-spec.ts`]: e2eSpec(n),
  };
}
