import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ADDON_MANIFEST_ASSET, type AddonManifest } from '../runtime/embedded-addon';
import { type SidecarTarget } from './sidecar-target';

/** The fuse Node.js looks for to know a blob was injected (Node's SEA documentation). */
export const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/** A file carried inside the executable as a SEA asset under its own file name. */
export interface NativeAddon {
  readonly name: string;
  readonly file: string;
}

function run(command: string, args: readonly string[]): void {
  try {
    execFileSync(command, args, { stdio: 'pipe' });
  } catch (error) {
    const out = error as { stderr?: Buffer; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${String(out.stderr ?? out.message)}`, {
      cause: error,
    });
  }
}

function commandExists(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the SEA configuration and the manifest of the addons' digests into `stage`, and has
 * Node.js turn the bundle and the assets into the preparation blob. `useCodeCache` stores V8's
 * compiled code of the bundle, so a start skips most of the parse and compile.
 */
function prepareBlob(options: {
  readonly node: string;
  readonly bundle: string;
  readonly addons: readonly NativeAddon[];
  readonly assets: Readonly<Record<string, string>>;
  readonly stage: string;
}): string {
  const manifest: Record<string, string> = {};
  const assets: Record<string, string> = { ...options.assets };
  for (const addon of options.addons) {
    manifest[addon.name] = crypto
      .createHash('sha256')
      .update(fs.readFileSync(addon.file))
      .digest('hex');
    assets[addon.name] = addon.file;
  }
  const manifestFile = path.join(options.stage, ADDON_MANIFEST_ASSET);
  fs.writeFileSync(manifestFile, JSON.stringify(manifest satisfies AddonManifest));
  assets[ADDON_MANIFEST_ASSET] = manifestFile;
  const blob = path.join(options.stage, 'sea-prep.blob');
  const config = path.join(options.stage, 'sea-config.json');
  fs.writeFileSync(
    config,
    JSON.stringify({
      main: options.bundle,
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
      assets,
    }),
  );
  run(options.node, ['--experimental-sea-config', config]);
  return blob;
}

/**
 * Builds a Node.js single executable application: a copy of the Node.js binary running this
 * script, with the bundle and the native addons injected as one blob (postject). On Linux the
 * copy is stripped of its symbol and debug sections first when `strip` is installed (the
 * dynamic symbols addons link against stay). macOS needs the signature removed before the
 * injection and an ad-hoc one after it (Node's SEA documentation; not tried on this project's
 * Linux machines).
 */
export function buildSingleExecutable(options: {
  readonly bundle: string;
  readonly addons: readonly NativeAddon[];
  /** Further SEA assets: key → file (the lazy modules' bundles). */
  readonly assets: Readonly<Record<string, string>>;
  readonly stage: string;
  readonly output: string;
  readonly target: SidecarTarget;
  /** The Node.js binary to embed. Default: the one running this. */
  readonly node?: string;
}): void {
  const node = options.node ?? process.execPath;
  if (!fs.readFileSync(node).includes(SEA_FUSE)) {
    throw new Error(`${node} cannot host a single executable application (no ${SEA_FUSE})`);
  }
  const blob = prepareBlob({ ...options, node });
  const partial = `${options.output}.partial`;
  fs.copyFileSync(node, partial);
  fs.chmodSync(partial, 0o755);
  if (options.target.platform === 'linux' && commandExists('strip')) {
    run('strip', [partial]);
  }
  if (options.target.platform === 'darwin') {
    run('codesign', ['--remove-signature', partial]);
  }
  const postject = require.resolve('postject/dist/cli.js');
  run(process.execPath, [
    postject,
    partial,
    'NODE_SEA_BLOB',
    blob,
    '--sentinel-fuse',
    SEA_FUSE,
    ...(options.target.platform === 'darwin' ? ['--macho-segment-name', 'NODE_SEA'] : []),
  ]);
  if (options.target.platform === 'darwin') {
    run('codesign', ['--sign', '-', partial]);
  }
  fs.renameSync(partial, options.output);
}
