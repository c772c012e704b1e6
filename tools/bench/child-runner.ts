import { fork } from 'node:child_process';
import path from 'node:path';
import { type ChildReply, type ChildRequest } from './bench.types';

/** A child's reply with the wall-clock instant it was forked. */
export interface ChildOutcome {
  reply: ChildReply;
  forkedAtEpochMs: number;
  wallMs: number;
}

/**
 * Runs one task in a fresh Node process (`child.js`, beside this file) and waits for its reply.
 * A child that does not answer within `timeoutMs` is SIGKILLed and reported as an error.
 */
export function runChild(request: ChildRequest, timeoutMs: number): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const forkedAtEpochMs = Date.now();
    const child = fork(path.join(__dirname, 'child.js'), [JSON.stringify(request)], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let reply: ChildReply | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('message', (message) => {
      reply = message as ChildReply;
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({
        reply: reply ?? {
          ok: false,
          error: `child ended without a reply (code ${code}, signal ${signal ?? 'none'})`,
        },
        forkedAtEpochMs,
        wallMs: Date.now() - forkedAtEpochMs,
      });
    });
  });
}
