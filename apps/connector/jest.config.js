module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'connector',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
