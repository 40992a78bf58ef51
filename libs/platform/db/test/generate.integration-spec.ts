import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixtureProject, runTool } from './support/fixture';

/** tools/prisma/generate.mjs on a scratch copy of the fixture project (offline, stub schema engine). */
describe('generate', () => {
  let project: string;
  const schemaFile = () => path.join(project, 'prisma', 'schema.prisma');
  beforeEach(() => {
    project = copyFixtureProject();
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('generates the client into src/store/generated with extensionless CommonJS-friendly imports', async () => {
    const result = await runTool('generate.mjs', [project]);
    expect(result.code).toBe(0);
    const client = readFileSync(path.join(project, 'src/store/generated/client.ts'), 'utf8');
    expect(client).toContain('from "./internal/class"');
    expect(existsSync(path.join(project, 'src/store/generated/models/Member.ts'))).toBe(true);
  });

  it('refuses a schema whose generator block drifts from the convention', async () => {
    writeFileSync(schemaFile(), readFileSync(schemaFile(), 'utf8').replace('moduleFormat        = "cjs"', 'moduleFormat        = "esm"'));
    const result = await runTool('generate.mjs', [project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('generator moduleFormat must be "cjs" (found "esm")');
  });
});
