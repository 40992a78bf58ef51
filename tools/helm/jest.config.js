module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'helm-charts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
  // Extracts helm once (node_modules/.cache/helm) and hands its path to the workers.
  globalSetup: '<rootDir>/support/global-setup.js',
  testTimeout: 30000,
};
