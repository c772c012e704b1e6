// Lets a child process run the workspace's TypeScript sources directly (no build step), with the
// same swc settings as jest and the same `@tickler/*` aliases (read from tsconfig.base.json, the
// one list of them): `node -r @tickler/testing/swc-register x.ts` (SWC_REGISTER is this path).
require('reflect-metadata');
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const { paths } = JSON.parse(
  fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'),
).compilerOptions;
const aliases = Object.fromEntries(
  Object.entries(paths).map(([name, [target]]) => [name, path.join(root, target)]),
);
const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveAlias(request, ...rest) {
  return resolve.call(this, aliases[request] ?? request, ...rest);
};

const options = require('./swc-options.js');

require.extensions['.ts'] = function compile(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
