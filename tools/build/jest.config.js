module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'build-tools',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
};
