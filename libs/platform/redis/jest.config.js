module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'redis',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
