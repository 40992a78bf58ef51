module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'contracts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
  // Each case runs buf on a copy of proto/ (about a second of CPU, more on a busy machine).
  testTimeout: 120_000,
};
