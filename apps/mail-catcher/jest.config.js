module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'mail-catcher',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
