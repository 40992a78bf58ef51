module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'organisation',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
