module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'seed',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
