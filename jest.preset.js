// Shared Jest settings: SWC transpiles (type checking is the `typecheck` target's job),
// and the tsconfig path aliases resolve to the libraries' sources.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  const key = '^' + alias.replace(/[.]/g, '\\.').replace('/*', '/(.*)') + '$';
  moduleNameMapper[key] = path.join(__dirname, target.replace('/*', '/$1'));
}

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: false },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  clearMocks: true,
};
