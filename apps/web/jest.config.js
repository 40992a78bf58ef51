module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'web',
  rootDir: __dirname,
  // The server's units and the browser app's plain TypeScript modules (session, data provider, form rules).
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/client/src/**/*.spec.ts'],
};
