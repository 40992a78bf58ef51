// Jest globalSetup: make sure a helm binary exists before the workers start, and tell them where.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

module.exports = async () => {
  if (process.env.HELM_BIN) return;
  process.env.HELM_BIN = execFileSync(process.execPath, [path.join(__dirname, '..', 'ensure-helm.mjs')], { encoding: 'utf8' }).trim();
};
