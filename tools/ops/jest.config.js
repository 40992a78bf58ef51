module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'ops',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
