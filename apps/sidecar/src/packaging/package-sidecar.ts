#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleSidecar } from './bundle';
import { bundleLazyModules } from './lazy-modules';
import { bundleWorkers } from './worker-bundles';
import { PACKAGE_OUT } from './packaged-executable';
import { buildSingleExecutable } from './single-executable';
import { hostTarget, sidecarFileName } from './sidecar-target';

const RUNTIME = path.resolve(__dirname, '../runtime');

/** What a packaging run produced. */
export interface PackagedSidecar {
  readonly executable: string;
  readonly bytes: number;
  readonly bundleBytes: number;
}

function betterSqliteAddon(): string {
  const folder = path.dirname(require.resolve('better-sqlite3/package.json'));
  return path.join(folder, 'build', 'Release', 'better_sqlite3.node');
}

/**
 * `npm run package`: the built daemon and CLI (run after `npm run build`) bundled into one
 * file and made a single executable application for this machine's platform, written to
 * `<out>/tickler-daemon-<target triple>`. Intermediate files stay in `<out>/stage`.
 */
export async function packageSidecar(out = PACKAGE_OUT): Promise<PackagedSidecar> {
  const target = hostTarget();
  const stage = path.join(out, 'stage');
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  const addon = { name: 'better_sqlite3.node', file: betterSqliteAddon() };
  const bundle = await bundleSidecar({
    entry: path.join(RUNTIME, 'sidecar-main.js'),
    addonLoader: path.join(RUNTIME, 'embedded-addon.js'),
    lazyLoader: path.join(RUNTIME, 'lazy-modules.js'),
    outFile: path.join(stage, 'tickler-daemon.js'),
  });
  // The lazy modules in `stage/lazy/` and the addon beside the bundle: `node
  // stage/tickler-daemon.js` runs too (start-up profiling).
  const lazy = await bundleLazyModules(stage);
  const workers = await bundleWorkers(stage);
  fs.copyFileSync(addon.file, path.join(stage, addon.name));
  const executable = path.join(out, sidecarFileName(target));
  buildSingleExecutable({
    bundle: bundle.file,
    addons: [addon],
    assets: { ...lazy, ...workers },
    stage,
    output: executable,
    target,
  });
  // A smoke check: the executable starts and knows what it is.
  execFileSync(executable, ['--version'], { stdio: 'pipe', env: {} });
  return {
    executable,
    bytes: fs.statSync(executable).size,
    bundleBytes: fs.statSync(bundle.file).size,
  };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

if (require.main === module) {
  const outFlag = process.argv.indexOf('--out');
  const out = outFlag > 0 ? path.resolve(process.argv[outFlag + 1] ?? '') : undefined;
  packageSidecar(out).then(
    (result) => {
      process.stdout.write(
        `${path.relative(process.cwd(), result.executable)}: ${megabytes(result.bytes)} ` +
          `(bundle ${megabytes(result.bundleBytes)})\n`,
      );
    },
    (error: unknown) => {
      process.stderr.write(`package: ${(error as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
