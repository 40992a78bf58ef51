// Notifications' Jest settings on top of the workspace preset.
//  - firebase-admin's token exchange runs in google-auth-library 10, whose gaxios 7 loads node-fetch 3
//    (ESM only) with a dynamic import(): Node does that natively, Jest's CommonJS runtime cannot. In
//    Jest, gaxios 7 is compiled with SWC (import() becomes require()) and gets node-fetch 2 (CommonJS,
//    the same fetch API, honours `agent`), so the real client code runs in the push tests.
const path = require('node:path');
const preset = require('../../jest.preset.js');

const GAXIOS_7 = 'google-auth-library/node_modules/gaxios/';

module.exports = {
  ...preset,
  moduleNameMapper: {
    '^node-fetch$': path.join(__dirname, '../../node_modules/node-fetch/lib/index.js'),
    ...preset.moduleNameMapper,
  },
  transform: {
    ...preset.transform,
    [`^.+/node_modules/${GAXIOS_7}.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs', ignoreDynamic: false } }],
  },
  transformIgnorePatterns: [`^(?!.*/node_modules/${GAXIOS_7}).*/node_modules/`],
};
