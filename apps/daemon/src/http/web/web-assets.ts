import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** One file of the built web app, held in memory. */
export interface WebAsset {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
  /** Hashed build output never changes under its name; everything else is revalidated. */
  readonly immutable: boolean;
}

/** The built web app: URL path (`/assets/index-abc.js`) → file. */
export type WebAssets = ReadonlyMap<string, WebAsset>;

/** Bounds on what is read at start-up: a Vite build is a handful of files, well under these. */
const MAX_FILES = 500;
const MAX_TOTAL_BYTES = 20 * 1024 * 1024;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.isFile()) {
        out.push(full);
      }
      if (out.length > MAX_FILES) {
        throw new Error(`${root} holds more than ${MAX_FILES} files: not a web app build`);
      }
    }
  };
  walk(root);
  return out;
}

/**
 * Reads the built app (`index.html` and what it references) into memory once: requests never
 * touch the file system, so no request path can reach outside the build. Undefined when the
 * folder has no `index.html` (not built).
 */
export function loadWebAssets(root: string): WebAssets | undefined {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    return undefined;
  }
  const assets = new Map<string, WebAsset>();
  let total = 0;
  for (const file of filesUnder(root)) {
    const body = fs.readFileSync(file);
    total += body.length;
    if (total > MAX_TOTAL_BYTES) {
      throw new Error(`${root} is larger than ${MAX_TOTAL_BYTES} bytes: not a web app build`);
    }
    const urlPath = `/${path.relative(root, file).split(path.sep).join('/')}`;
    assets.set(urlPath, {
      body,
      contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      immutable: urlPath.startsWith('/assets/'),
    });
  }
  return assets;
}
