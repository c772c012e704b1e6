import { type BuildOptions } from 'esbuild';

/**
 * What every bundle of the sidecar is: one CommonJS file for Node 20, the form a single
 * executable application runs (its `require` sees only Node's built-in modules).
 */
export const NODE_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // Smaller source parses faster at every start; names stay, as error names and logs use them.
  minify: true,
  keepNames: true,
  // Not the repository's tsconfig: its `paths` point `@tickler/*` at the TypeScript sources,
  // and esbuild compiling those would drop the decorator metadata tsc wrote into dist/.
  tsconfigRaw: {},
  logLevel: 'warning',
} as const satisfies BuildOptions;
