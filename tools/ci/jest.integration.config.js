// Every project's integration tests in one Jest run, but the generator's (tools/registry), which
// `npm test` runs on its own beside the others: it is one long test that builds a copy of the workspace.
const { jestProjects, longestTimeout, workspace } = require('./jest-projects');

const projects = jestProjects('jest.integration.config.js', ['tools/registry']);

module.exports = {
  rootDir: workspace,
  projects,
  testTimeout: longestTimeout(projects),
  // A suite whose setup failed must not hang CI on the connections it left open.
  forceExit: true,
};
