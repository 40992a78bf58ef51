// Every stack puts Stoplight Prism (proxy mode) with the gateway's OpenAPI document in front of the
// gateway and fails its suite on any answer off the document
// (docs/decisions/0187-e2e-validating-proxy.md). STACK_CONTRACT_CHECK=off runs without it.
process.env.STACK_CONTRACT_CHECK ??= 'prism';

module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'platform-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  // Generous: a stack of several processes starting on two shared cores, under CI load.
  testTimeout: 120000,
  // Two suites at a time, each on its own stack (schemas, stream, Redis prefix and ports of its own):
  // both cores work while one suite waits on its stack.
  maxWorkers: 2,
  // One Prism per worker for the whole run, not one per stack (@platform/testing's contract-global-setup.ts).
  globalSetup: '<rootDir>/../../libs/testing/src/process/contract-global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/testing/src/process/contract-global-teardown.ts',
  // A suite whose setup failed must not hang CI on the connections it left open.
  forceExit: true,
};
