module.exports = {
  ...require('./jest.shared.js'),
  displayName: 'notifications',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
