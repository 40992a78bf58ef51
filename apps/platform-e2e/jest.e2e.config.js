module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'platform-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  // Generous: a stack of several processes starting on two shared cores, under CI load.
  testTimeout: 120000,
  // A suite whose setup failed must not hang CI on the connections it left open.
  forceExit: true,
};
