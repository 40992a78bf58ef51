module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'telemetry:integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  testTimeout: 30000,
  forceExit: true,
};
