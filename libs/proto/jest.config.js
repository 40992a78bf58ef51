module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'proto',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
