// Lets a child process run the workspace's TypeScript sources directly (no build step), with the
// same swc settings as jest and the same `@tickler/*` aliases (read from tsconfig.base.json, the
// one list of them): `node -r @tickler/testing/swc-register x.ts` (SWC_REGISTER is this path).
require('reflect-metadata');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const Module = require('node:module');
const { transformSync, version: swcVersion } = require('@swc/core');

const root = path.resolve(__dirname, '../..');
const { paths } = JSON.parse(
  fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'),
).compilerOptions;
const aliases = Object.fromEntries(
  Object.entries(paths).map(([name, [target]]) => [name, path.join(root, target)]),
);
const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveAlias(request, ...rest) {
  try {
    return resolve.call(this, aliases[request] ?? request, ...rest);
  } catch (error) {
    // A lazy `await import('./x.js')` (Node's ESM resolution wants the extension) names the
    // built file; from the sources it is `./x.ts`, as jest.preset.js maps it.
    if (/^\.{1,2}\/.*\.js$/.test(request)) {
      return resolve.call(this, request.slice(0, -3), ...rest);
    }
    throw error;
  }
};

const options = require('./swc-options.js');

// Test suites spawn these processes by the hundred (every SIGKILL case of the channel contracts
// and the crash suites starts two), and each one used to transpile the same ~280 sources again:
// about half a second of CPU per process. Like jest's transform cache, the output is kept on disk
// under a key of everything it depends on (swc's version, the settings, the path, the source), so
// a changed file or setting is simply a miss and compiled afresh.
const cacheDir = path.join(
  os.tmpdir(),
  `tickler-swc-register-${crypto.createHash('sha1').update(root).digest('hex').slice(0, 12)}`,
);
const settingsKey = `${swcVersion}\0${JSON.stringify(options)}`;

/** The transpiled `source` of `filename`: from the cache, else compiled and stored. */
function transpile(source, filename) {
  const key = crypto
    .createHash('sha1')
    .update(settingsKey)
    .update('\0')
    .update(filename)
    .update('\0')
    .update(source)
    .digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    // A miss: compile below.
  }
  const { code } = transformSync(source, { ...options, filename });
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    // Write then rename: processes started together never read a half-written entry.
    const partial = `${cached}.${process.pid}.tmp`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, cached);
  } catch {
    // An unwritable cache only costs the next process a compile.
  }
  return code;
}

require.extensions['.ts'] = function compile(module, filename) {
  module._compile(transpile(fs.readFileSync(filename, 'utf8'), filename), filename);
};
