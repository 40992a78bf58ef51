module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'legacy-site',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
