module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'connector:integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  testTimeout: 30000,
  // A suite whose setup failed must not hang CI on the connections it left open.
  forceExit: true,
};
