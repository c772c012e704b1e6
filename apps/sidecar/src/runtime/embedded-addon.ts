import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sea from 'node:sea';
import { userCacheFolder } from './user-cache-folder';

/**
 * The SEA asset listing each embedded native addon's SHA-256 (hex), written by the packaging
 * step: `{ "better_sqlite3.node": "<sha256>" }`. Each addon is the asset of its own file name.
 */
export const ADDON_MANIFEST_ASSET = 'native-addons.json';

/** An addon's file name mapped to the SHA-256 (hex) of its bytes. */
export type AddonManifest = Readonly<Record<string, string>>;

/** The bytes of an addon and the digest they must have. */
export interface AddonSource {
  readonly sha256: string;
  bytes(): Uint8Array;
}

/** A native addon cannot be made available; the message says which and why. */
export class EmbeddedAddonError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddedAddonError';
  }
}

function sha256Of(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

function fileHasDigest(file: string, sha256: string): boolean {
  try {
    return sha256Of(fs.readFileSync(file)) === sha256;
  } catch {
    return false;
  }
}

/**
 * Creates `dir` (0700) and checks that it is a real folder of this user that nobody else can
 * write to: a folder others could write is a place where the addon could be swapped between
 * our check of its digest and `dlopen`.
 */
function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') {
    return;
  }
  const stat = fs.lstatSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) {
    throw new EmbeddedAddonError(
      `${dir} must be a folder of this user that only this user can write to`,
    );
  }
}

/**
 * Puts an addon's bytes in `<cacheRoot>/native/<first 16 hex of its sha256>/<name>` unless a file with
 * exactly those bytes is already there, and returns its path. The file is written under a
 * temporary name and renamed into place, so concurrent starts never load half a file; a file
 * whose bytes differ (truncated, replaced) is rewritten. Content-addressed: versions of the
 * addon never overwrite each other.
 */
export function materializeAddon(name: string, source: AddonSource, cacheRoot: string): string {
  if (!/^[\w.-]+\.node$/.test(name)) {
    throw new EmbeddedAddonError(`"${name}" is not an addon file name`);
  }
  const native = path.join(cacheRoot, 'native');
  const dir = path.join(native, source.sha256.slice(0, 16));
  const file = path.join(dir, name);
  for (const folder of [cacheRoot, native, dir]) {
    privateFolder(folder);
  }
  if (fileHasDigest(file, source.sha256)) {
    return file;
  }
  const bytes = source.bytes();
  if (sha256Of(bytes) !== source.sha256) {
    throw new EmbeddedAddonError(`the embedded ${name} does not match its recorded digest`);
  }
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temp, bytes, { mode: 0o500, flag: 'wx' });
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new EmbeddedAddonError(`cannot write ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return file;
}

/** Loads a native addon file into this process (what `require` does for `.node` files). */
export function loadAddonFile(file: string): unknown {
  const holder = { exports: {} as unknown };
  process.dlopen(holder, file);
  return holder.exports;
}

function embeddedSource(name: string): AddonSource {
  const manifest = JSON.parse(sea.getAsset(ADDON_MANIFEST_ASSET, 'utf8')) as AddonManifest;
  const sha256 = manifest[name];
  if (sha256 === undefined) {
    throw new EmbeddedAddonError(`no native addon "${name}" is embedded in this executable`);
  }
  return { sha256, bytes: () => new Uint8Array(sea.getRawAsset(name) as ArrayBuffer) };
}

/**
 * The file an embedded addon is loaded from: inside the single executable, extracted once per
 * version into the user's cache folder (a shared library can only be loaded from a file); run
 * as a plain bundle under `node` (start-up profiling, the packaging step's smoke check), the
 * addon file beside the bundle.
 */
export function embeddedAddonFile(name: string, dir = __dirname): string {
  return sea.isSea()
    ? materializeAddon(name, embeddedSource(name), userCacheFolder())
    : path.join(dir, name);
}

/**
 * Stands in for the `bindings` package in the packaged executable (the bundler points
 * better-sqlite3's `require('bindings')` here): loads {@link embeddedAddonFile}.
 */
export function loadEmbeddedAddon(requested: string): unknown {
  const name = requested.endsWith('.node') ? requested : `${requested}.node`;
  return loadAddonFile(embeddedAddonFile(name));
}
