// Browser tests: Playwright (playwright-core) drives Debian's Chromium against the real stack with
// the web app in front (`startPlatformStack(..., { web: true })`): every page as a person uses it.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'web-browser',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  // A stack and a browser per file, on two shared cores.
  testTimeout: 120000,
  maxWorkers: 2,
  forceExit: true,
};
