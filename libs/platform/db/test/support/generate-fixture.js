// Jest globalSetup: generates the fixture's Prisma client once, with the platform's generate tool,
// before any suite imports it.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const workspace = path.resolve(__dirname, '../../../../..');

module.exports = async function generateFixture() {
  execFileSync(process.execPath, ['tools/prisma/generate.mjs', 'libs/platform/db/test/fixture'], {
    cwd: workspace,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
};
