module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'html',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
