import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { eventually } from '@tickler/testing';
import { type Readiness } from '@tickler/daemon';
import { packagedExecutable } from '../../src/packaging/packaged-executable';

/** The executable under test (built by the global setup). */
export const EXECUTABLE = packagedExecutable();

/** A fresh folder under this run's root (removed by the global teardown). */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT!, `${prefix}-`));
}

/** JSON over HTTP with the admin token from the readiness line's token file. */
export function apiOf(readiness: Readiness) {
  const token = fs.readFileSync(readiness.tokenFile!, 'utf8').trim();
  const call = async <T>(method: string, route: string, body?: unknown) => {
    const response = await fetch(`${readiness.url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  return {
    token,
    get: <T>(route: string) => call<T>('GET', route),
    post: <T>(route: string, body?: unknown) => call<T>('POST', route, body),
  };
}

/** One webhook request as received. */
export interface ReceivedHook {
  readonly id: string;
  readonly body: { id: string; title?: string };
}

/**
 * A webhook receiver on 127.0.0.1 that never answers the first request it gets (the daemon
 * has claimed the delivery and is waiting: mid-delivery) and answers 200 to every later one.
 */
export async function holdingWebhookReceiver() {
  const received: ReceivedHook[] = [];
  let firstArrived!: () => void;
  const first = new Promise<void>((resolve) => (firstArrived = resolve));
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as ReceivedHook['body'];
      // The notification's id is in the body; `webhook-id` is the send's idempotency key.
      received.push({ id: parsed.id, body: parsed });
      if (received.length === 1) {
        firstArrived(); // held: no answer
      } else {
        response.writeHead(200).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    first,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A stand-in desktop app: a Node process (this test's, by absolute path — the sidecar's own
 * PATH has no Node) that spawns the executable with a clean environment, its stdin either a
 * pipe of the parent's own (`pipe`, as Tauri and Electron do: it closes when the parent dies)
 * or a FIFO that `stdinFifo`'s holder keeps open (so only the parent pid can tell the parent
 * died). The sidecar's stdout goes to `stdoutFile`, not through the parent, so its reader never
 * disappears with the parent and the log shows which sign of the parent's death it saw.
 */
export async function desktopApp(options: {
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly stdinFifo?: string;
  readonly stdoutFile: string;
}): Promise<{ parent: ChildProcess; sidecarPid: number; readiness: Readiness }> {
  const script = `
    const { spawn } = require('node:child_process');
    const fs = require('node:fs');
    const [executable, cwd, env, out, fifo] = process.argv.slice(1);
    const stdin = fifo ? fs.openSync(fifo, 'r') : 'pipe';
    const stdout = fs.openSync(out, 'w');
    const child = spawn(executable, [], { cwd, env: JSON.parse(env), stdio: [stdin, stdout, 'inherit'] });
    process.stdout.write(JSON.stringify({ sidecarPid: child.pid }) + '\\n');`;
  const parent = spawn(
    process.execPath,
    [
      '-e',
      script,
      EXECUTABLE,
      options.cwd,
      JSON.stringify(options.env),
      options.stdoutFile,
      ...(options.stdinFifo === undefined ? [] : [options.stdinFifo]),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [pidLine] = (await once(
    readline.createInterface({ input: parent.stdout }),
    'line',
  )) as string[];
  const readiness = await eventually(() => {
    const text = fs.readFileSync(options.stdoutFile, 'utf8');
    const end = text.indexOf('\n');
    return end > 0 ? (JSON.parse(text.slice(0, end)) as Readiness) : undefined;
  });
  return {
    parent,
    sidecarPid: (JSON.parse(String(pidLine)) as { sidecarPid: number }).sidecarPid,
    readiness,
  };
}
