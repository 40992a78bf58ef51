module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'config',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
