// Identity's Jest settings on top of the workspace preset. otplib's default plugins load
// @noble/hashes and @scure/base, which ship only as ES modules: Node 20 requires them natively,
// Jest's module runtime cannot, so Jest compiles those two packages to CommonJS with SWC.
const preset = require('../../jest.preset.js');

const ESM_ONLY = ['@noble/hashes', '@scure/base'];
const pattern = ESM_ONLY.map((name) => name.replace('/', '\\/')).join('|');

module.exports = {
  ...preset,
  transform: {
    ...preset.transform,
    [`^.+/node_modules/(${pattern})/.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${pattern})/)`],
};
