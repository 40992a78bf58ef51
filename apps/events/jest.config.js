module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'events',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
