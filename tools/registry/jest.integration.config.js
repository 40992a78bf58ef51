module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'registry-tools:integration',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  // Generating a service and building, testing and starting it takes minutes on a busy machine.
  testTimeout: 900_000,
  forceExit: true,
};
