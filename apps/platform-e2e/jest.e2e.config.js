module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'platform-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 60000,
  // A suite whose setup failed must not hang CI on the connections it left open.
  forceExit: true,
};
