module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'imports',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
