import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALL_SUBJECTS, MESSAGE_CATALOGUE, SUBJECTS } from '@platform/messaging';
import * as proto from '@platform/proto';
import { grpcServices } from '@platform/registry';

const workspace = path.resolve(__dirname, '../..');
const moduleUrl = (file: string) => JSON.stringify(pathToFileURL(path.join(__dirname, file)).href);

/** `npm run new-service -- …args`. Every case here is refused before anything is written. */
function newService(...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(__dirname, 'new-service.mjs'), ...args], { cwd: workspace, encoding: 'utf8' });
  return { code: result.status, stderr: result.stderr, stdout: result.stdout };
}

/** What an ES module snippet of the generator prints as JSON (Jest here runs CommonJS). */
function esm<T>(code: string): T {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: workspace, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T;
}

interface CatalogueEntry {
  subject: string;
  key: string;
  module: string;
  message: string;
  field: string;
}

type Codec = { fromPartial(value: object): unknown; toJSON(message: unknown): unknown };

/** The paths of the files the templates write for a service with these options. */
const filesOf = (name: string, options: { calls?: string[]; consumes?: string[] }) =>
  esm<Record<string, string>>(`
    import { namesOf } from ${moduleUrl('new-service.mjs')};
    import { readCatalogue } from ${moduleUrl('catalogue.mjs')};
    import { serviceFiles } from ${moduleUrl('templates/service-files.mjs')};
    console.log(JSON.stringify(serviceFiles(namesOf(${JSON.stringify(name)}, { description: 'a test', ...${JSON.stringify(options)} }, readCatalogue()))));
  `);

describe('npm run new-service: its arguments', () => {
  it('answers the usage with every service it may call and every subject it may consume, exit code 2, without a name', () => {
    const result = newService();
    expect(result.code).toBe(2);
    for (const service of grpcServices()) expect(result.stderr).toContain(service.name);
    for (const subject of ALL_SUBJECTS) expect(result.stderr).toContain(subject);
  });

  it('refuses a callee the registry does not have, with exit code 2, naming it', () => {
    // An existing name: were the check gone, the generator would stop at "exists already" (exit 1), writing nothing.
    const result = newService('content', '--calls', 'organisation,nosuch');
    expect({ code: result.code, stderr: result.stderr.trim() }).toEqual({
      code: 2,
      stderr: expect.stringMatching(/^--calls names no registered service: nosuch \(services: /),
    });
  });

  it('refuses a subject outside the catalogue, with exit code 2, naming it', () => {
    const result = newService('content', '--consumes', 'organisation.member.profile-changed,organisation.member.teleported');
    expect({ code: result.code, stderr: result.stderr.trim() }).toEqual({
      code: 2,
      stderr: expect.stringMatching(/^--consumes names subjects outside the catalogue: organisation\.member\.teleported \(subjects: /),
    });
  });

  it('refuses an option it does not know and a name that cannot be a proto package, with exit code 2', () => {
    expect(newService('content', '--publishes', 'audit.recorded').code).toBe(2);
    expect(newService('Content-2').code).toBe(2);
  });
});

describe('npm run new-service: the subject catalogue as it reads it', () => {
  const catalogue = esm<CatalogueEntry[]>(`
    import { readCatalogue } from ${moduleUrl('catalogue.mjs')};
    console.log(JSON.stringify(readCatalogue()));
  `);

  it('has every subject of the catalogue, with its SUBJECTS key and the proto message of its payload', () => {
    expect(catalogue.map((entry) => entry.subject)).toEqual([...ALL_SUBJECTS]);
    for (const { subject, key, module, message } of catalogue) {
      expect({ subject, key: (SUBJECTS as Record<string, string>)[key] }).toEqual({ subject, key: subject });
      const codec = (proto as unknown as Record<string, Record<string, unknown>>)[module]?.[message];
      expect({ subject, codec: codec === (MESSAGE_CATALOGUE as Record<string, unknown>)[subject] }).toEqual({ subject, codec: true });
    }
  });

  it('names a string field of each payload, which the generated test sets', () => {
    for (const { subject, field } of catalogue) {
      const codec = (MESSAGE_CATALOGUE as unknown as Record<string, Codec>)[subject]!;
      expect({ subject, json: codec.toJSON(codec.fromPartial({ [field]: 'set' })) }).toEqual({ subject, json: { [field]: 'set' } });
    }
  });
});

describe('npm run new-service: what it writes', () => {
  it('writes app/, domain/ and store/ for every service; clients/, messages/ and jobs/ only for what it calls and consumes', () => {
    const files = Object.keys(filesOf('plain', {}));
    expect(files).toEqual(
      expect.arrayContaining(['apps/plain/src/app/service-info.ts', 'apps/plain/src/domain/service-status.ts', 'apps/plain/src/store/database-time.ts']),
    );
    expect(files.filter((file) => /\/src\/(clients|messages|jobs)\//.test(file))).toEqual([]);
  });

  it('writes one port and one client per callee, and one consumer per subject', () => {
    const files = filesOf('busy', { calls: ['identity', 'organisation'], consumes: ['organisation.membership.changed', 'audit.recorded'] });
    expect(Object.keys(files).filter((file) => /\/src\/(clients|messages|jobs)\//.test(file))).toEqual([
      'apps/busy/src/clients/ports.ts',
      'apps/busy/src/clients/identity.ts',
      'apps/busy/src/clients/organisation.ts',
      'apps/busy/src/messages/membership-changed-consumer.ts',
      'apps/busy/src/messages/audit-recorded-consumer.ts',
      'apps/busy/src/jobs/prune-received-messages.ts',
    ]);
    expect(files['apps/busy/src/clients/ports.ts']).toMatch(/export interface Identity \{[\s\S]*export interface Organisation \{/);
    expect(files['apps/busy/src/main.ts']).toContain(
      "identity: grpcIdentity(clients.of('identity')), organisation: grpcOrganisation(clients.of('organisation'))",
    );
    expect(files['apps/busy/src/main.ts']).toContain('consumers: [membershipChangedConsumer(), auditRecordedConsumer()]');
  });
});

describe('the start order of a new service', () => {
  const orders = (...existing: number[]) =>
    esm<number[]>(`
      import { newEntry } from ${moduleUrl('new-service.mjs')};
      const apps = [{ name: 'gateway', kind: 'gateway', order: 90, ports: {} }];
      const made = [];
      ${JSON.stringify(existing)}.forEach((order, i) => apps.push({ name: 's' + i, kind: 'service', order, ports: {} }));
      for (let i = 0; i < 3; i++) { const entry = newEntry(apps, 'n' + i, { description: 'd' }); apps.push(entry); made.push(entry.order); }
      console.log(JSON.stringify(made));`);

  it('is ten after the last service, then the next free number before the gateway', () => {
    expect(orders(10, 70)).toEqual([80, 81, 82]);
    expect(orders(10, 20)).toEqual([30, 40, 50]);
  });
});
