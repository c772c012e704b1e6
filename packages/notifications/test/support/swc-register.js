// Lets a child process run the workspace's TypeScript sources directly (no build step), with the
// same swc settings as jest and the same `@tickler/*` aliases: `node -r ./swc-register.js x.ts`.
require('reflect-metadata');
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
const aliases = {
  '@tickler/core': path.join(root, 'packages/core/src/index.ts'),
  '@tickler/core/domain': path.join(root, 'packages/core/src/domain/index.ts'),
  '@tickler/core/testing': path.join(root, 'packages/core/src/testing/index.ts'),
  '@tickler/notifications': path.join(root, 'packages/notifications/src/index.ts'),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveAlias(request, ...rest) {
  return resolve.call(this, aliases[request] ?? request, ...rest);
};

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = function compile(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
