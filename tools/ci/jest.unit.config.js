// Every project's unit tests in one Jest run (`npm test` runs it; `nx run <project>:test` runs one).
const { jestProjects, longestTimeout, workspace } = require('./jest-projects');

const projects = jestProjects('jest.config.js');

module.exports = { rootDir: workspace, projects, testTimeout: longestTimeout(projects), passWithNoTests: true };
