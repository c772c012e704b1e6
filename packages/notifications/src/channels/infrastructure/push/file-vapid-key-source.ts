import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type VapidKeyPair, type VapidKeySource } from '../../application/ports/vapid-keys.port';
import { generateVapidKeyPair, vapidKeyPairProblem } from './vapid-key-pair';

/** The VAPID key file cannot be used; the message names the file and what to do. */
export class VapidKeyFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'VapidKeyFileError';
  }
}

function read(file: string): VapidKeyPair {
  const stat = fs.statSync(file);
  if ((stat.mode & 0o077) !== 0) {
    throw new VapidKeyFileError(
      file,
      `holds the VAPID private key but others may read it (mode ${(stat.mode & 0o777).toString(8)}); run chmod 600 on it`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new VapidKeyFileError(file, `is not JSON (${(error as Error).message})`);
  }
  const problem = vapidKeyPairProblem(parsed);
  if (problem !== undefined) {
    throw new VapidKeyFileError(
      file,
      `${problem}; restore it, or delete it to generate a new pair (every push subscription must then be made again)`,
    );
  }
  const { publicKey, privateKey } = parsed as VapidKeyPair;
  return { publicKey, privateKey };
}

/**
 * Creates the file with a new pair unless it exists. The pair is written to a private temp
 * file and hard-linked into place: the link is atomic and fails if the name exists, so two
 * daemons starting at once agree on one pair and nobody ever reads a half-written file.
 */
function create(file: string, createdAt: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const pair = generateVapidKeyPair();
  fs.writeFileSync(temp, `${JSON.stringify({ ...pair, createdAt }, null, 2)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * VAPID keys in a JSON file (`vapid.json` in the data folder, mode 0600, its folder made 0700):
 * generated on first use, read once and kept for the life of the process.
 */
export class FileVapidKeySource implements VapidKeySource {
  private loaded: VapidKeyPair | undefined;

  /** @param now ISO instant recorded as `createdAt` in a new file (for the operator). */
  constructor(
    readonly file: string,
    private readonly now: () => string,
  ) {}

  // Synchronous file work in an async function: a throw becomes the promise's rejection.
  // eslint-disable-next-line @typescript-eslint/require-await
  async current(): Promise<VapidKeyPair> {
    if (this.loaded === undefined) {
      if (!fs.existsSync(this.file)) {
        create(this.file, this.now());
      }
      this.loaded = read(this.file);
    }
    return this.loaded;
  }
}
