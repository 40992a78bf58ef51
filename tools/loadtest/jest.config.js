module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'loadtest',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
