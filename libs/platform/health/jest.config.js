module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'health',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
