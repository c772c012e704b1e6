import fs from 'node:fs';
import path from 'node:path';
import { hostTarget, sidecarFileName } from './sidecar-target';

/** Where `npm run package` writes: `<repository>/dist/sidecar`. */
export const PACKAGE_OUT = path.resolve(__dirname, '../../../../dist/sidecar');

/** The executable `npm run package` built for this machine; throws when there is none. */
export function packagedExecutable(out = PACKAGE_OUT): string {
  const file = path.join(out, sidecarFileName(hostTarget()));
  if (!fs.existsSync(file)) {
    throw new Error(`${file} does not exist: run \`npm run package\` first`);
  }
  return file;
}
