import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The peers `npm run bench` compares Tickler with (BullMQ, ioredis, pg-boss, plainjob) and the
 * chart renderer (vega) live in tools/bench/peers with their own package.json and lock file, so a
 * person who only runs Tickler does not install them with `npm ci`. The bench installs them on
 * first use; these helpers load them from there.
 */

/** tools/bench/peers, found from this file's place in the source tree or in tools/dist. */
export function peersDir(): string {
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'bench', 'peers');
    if (fs.existsSync(path.join(candidate, 'package.json'))) {
      return candidate;
    }
    const sibling = path.join(dir, 'peers');
    if (path.basename(dir) === 'bench' && fs.existsSync(path.join(sibling, 'package.json'))) {
      return sibling;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error('tools/bench/peers/package.json not found above ' + __dirname);
    }
    dir = parent;
  }
}

/** True when the installed peers match the lock file (npm writes node_modules/.package-lock.json). */
export function peersInstalled(dir: string = peersDir()): boolean {
  const hidden = path.join(dir, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(hidden)) {
    return false;
  }
  return fs.statSync(hidden).mtimeMs >= fs.statSync(path.join(dir, 'package-lock.json')).mtimeMs;
}

/**
 * Installs the peers from their lock file when missing or stale (`npm ci --ignore-scripts`: none
 * of them needs an install script; msgpackr's optional native speed-up falls back to JavaScript).
 */
export function ensurePeers(log: (line: string) => void = () => undefined): void {
  const dir = peersDir();
  if (peersInstalled(dir)) {
    return;
  }
  log(`installing the bench's peer queues into ${path.relative(process.cwd(), dir)} (once)`);
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 600_000,
  });
}

/** Thrown when a peer is needed but not installed: the message says how to install it. */
export class PeerMissingError extends Error {
  constructor(name: string) {
    super(`${name} is not installed: run \`npm run bench\` once (it installs tools/bench/peers)`);
  }
}

function resolvePeer(name: string): string {
  try {
    return createRequire(path.join(peersDir(), 'package.json')).resolve(name);
  } catch {
    throw new PeerMissingError(name);
  }
}

/** `require` of a CommonJS peer from tools/bench/peers. */
export function requirePeer<T>(name: string): T {
  return createRequire(path.join(peersDir(), 'package.json'))(resolvePeer(name)) as T;
}

/** `import()` of a peer (ESM or CommonJS) from tools/bench/peers. */
export async function importPeer<T>(name: string): Promise<T> {
  return (await import(pathToFileURL(resolvePeer(name)).href)) as T;
}
