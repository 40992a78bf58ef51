#!/usr/bin/env node
// Creates the common skeleton of a project: package.json (npm workspace), project.json (Nx tags and
// targets), tsconfig.json and the Jest configs. Usage:
//   node tools/workspace/new-project.mjs <root> <scope> <lib|app> [--integration] [--prisma]
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const [root, scope, kind, ...flags] = process.argv.slice(2);
if (!root || !scope || !['lib', 'app'].includes(kind)) {
  console.error('usage: new-project.mjs <root> <scope> <lib|app> [--integration] [--prisma]');
  process.exit(2);
}
const name = path.basename(root);
const depth = root.split('/').length;
const up = '../'.repeat(depth);
const write = (file, content) => {
  const target = path.join(root, file);
  if (existsSync(target)) return;
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n');
};

write('package.json', { name: kind === 'lib' ? `@platform/${name}` : `@platform/app-${name}`, version: '0.1.0', private: true });
// lint and typecheck are the workspace's (tools/ci/project.json): one program for every project.
const targets = { test: {} };
if (flags.includes('--integration')) targets['test:integration'] = {};
if (kind === 'app') targets.build = {};
if (flags.includes('--prisma')) {
  targets.generate = {
    command: `node tools/prisma/generate.mjs ${root}`,
    inputs: [`{projectRoot}/prisma/schema.prisma`],
    outputs: [`{projectRoot}/src/store/generated`],
  };
}
write('project.json', {
  name,
  $schema: `${up}node_modules/nx/schemas/project-schema.json`,
  sourceRoot: `${root}/src`,
  projectType: kind === 'lib' ? 'library' : 'application',
  tags: [`scope:${scope}`, `type:${kind}`],
  targets,
});
write('tsconfig.json', {
  extends: `${up}tsconfig.base.json`,
  include: ['src/**/*.ts', 'test/**/*.ts'],
});
write(
  'jest.config.js',
  `module.exports = {\n  ...require('${up}jest.preset.js'),\n  displayName: '${name}',\n  rootDir: __dirname,\n  testMatch: ['<rootDir>/src/**/*.spec.ts'],\n};\n`,
);
if (flags.includes('--integration')) {
  write(
    'jest.integration.config.js',
    `module.exports = {\n  ...require('${up}jest.preset.js'),\n  displayName: '${name}:integration',\n  rootDir: __dirname,\n  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],\n  testTimeout: 30000,\n  // A suite whose setup failed must not hang CI on the connections it left open.\n  forceExit: true,\n};\n`,
  );
}
if (kind === 'lib') write('src/index.ts', '');
console.log(`created ${root}; now run \`npm install\` so the lockfile knows the new workspace (npm ci refuses otherwise)`);
if (kind === 'app') {
  // tools/helm/deploy.spec.ts fails for an application under apps/ that is not set up for delivery.
  console.log(
    [
      `then set the app up for delivery (the chart tests fail until you do):`,
      `  - a "platform" block in ${root}/package.json: {"order", "ready", "show"} (how \`npm start\` runs it),`,
      `    or {"deploy": false} for a development-only tool that is never deployed;`,
      `  - chart values in deploy/values/${name}.yaml, the same block under \`${name}:\` in charts/platform/values.yaml`,
      `    and its alias in charts/platform/Chart.yaml (see docs/operations.md, "Release one app on its own");`,
      `  - ${name} among the builds of test:integration in tools/helm/project.json (the image test).`,
    ].join('\n'),
  );
}
