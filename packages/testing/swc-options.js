// The one set of swc settings for running the workspace's TypeScript: jest's transform
// (jest.preset.js) and child processes (swc-register.js) use it, so both compile alike
// (legacy decorators + metadata for inversify and class-validator).
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
