import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DAEMON_MAIN } from '@tickler/testing';

/**
 * `node main.js | head -c 100`: a real pipe whose reader exits after 100 bytes. Resolves with
 * the daemon's exit status and the time from the reader's exit to the daemon's.
 */
export async function pipeReaderExits(): Promise<{ code: number | null; ms: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-pipe-'));
  const head = spawn('head', ['-c', '100'], { stdio: ['pipe', 'ignore', 'ignore'] });
  const daemon = spawn(process.execPath, [DAEMON_MAIN], {
    env: { ...process.env, TICKLER_DB: path.join(dir, 'tickler.db'), TICKLER_PORT: '0' },
    stdio: ['ignore', head.stdin, 'ignore'],
  });
  const headExit = new Promise<bigint>((resolve) =>
    head.once('exit', () => resolve(process.hrtime.bigint())),
  );
  const daemonExit = new Promise<{ code: number | null; at: bigint }>((resolve) =>
    daemon.once('exit', (code) => resolve({ code, at: process.hrtime.bigint() })),
  );
  // A daemon that never exits is the failure this measures: bounded, then killed.
  const guard = setTimeout(() => daemon.kill('SIGKILL'), 30_000);
  const [readerGone, exit] = await Promise.all([headExit, daemonExit]);
  clearTimeout(guard);
  fs.rmSync(dir, { recursive: true, force: true });
  return { code: exit.code, ms: Math.round(Number(exit.at - readerGone) / 1e5) / 10 };
}
