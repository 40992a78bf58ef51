module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'loadtest:integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  testTimeout: 60000,
  forceExit: true,
};
