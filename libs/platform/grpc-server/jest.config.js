module.exports = {
  ...require('../../../jest.preset.js'),
  displayName: 'grpc-server',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
