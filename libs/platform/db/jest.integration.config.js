module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'db:integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/test/support/generate-fixture.js',
  testTimeout: 30000,
  // A suite whose setup failed must not hang CI on the connections it left open.
  forceExit: true,
};
