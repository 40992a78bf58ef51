module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'outbound',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
