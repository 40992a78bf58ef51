module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'registry',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
