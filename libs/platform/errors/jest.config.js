module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'errors',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
