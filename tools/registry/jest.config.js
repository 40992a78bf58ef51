module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'registry-tools',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
};
