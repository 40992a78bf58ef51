// The Jest configurations of every project of one kind (`jest.config.js` for unit tests,
// `jest.integration.config.js` for integration tests), found where projects live: CI runs each kind
// as one Jest run over all of them instead of one Jest process per project (docs/ci.md).
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

const workspace = path.resolve(__dirname, '../..');

/** @param {string} file the configuration's file name; @param {string[]} [except] project roots left out */
function jestProjects(file, except = []) {
  const found = [];
  const visit = (dir, depth) => {
    if (existsSync(path.join(dir, 'project.json')) && existsSync(path.join(dir, file))) found.push(dir);
    if (depth === 0) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') visit(path.join(dir, entry.name), depth - 1);
    }
  };
  for (const top of ['apps', 'libs', 'tools']) visit(path.join(workspace, top), 2);
  return found
    .filter((dir) => !['tools/ci', ...except].includes(path.relative(workspace, dir)))
    .sort()
    .map((dir) => path.join(dir, file));
}

/**
 * The longest test timeout any of the projects sets: in a run of several projects Jest applies the
 * run's own timeout to every test, not each project's.
 */
function longestTimeout(configs) {
  return Math.max(5000, ...configs.map((file) => require(file).testTimeout ?? 0));
}

module.exports = { jestProjects, longestTimeout, workspace };
