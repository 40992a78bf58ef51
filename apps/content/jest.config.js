module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'content',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
