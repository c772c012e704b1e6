import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { parseReadiness, type Readiness } from '@tickler/daemon';

/** How a process ended. */
export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** How to start the packaged executable. */
export interface SidecarSpawn {
  readonly executable: string;
  /** Working directory: an empty folder, as a desktop shell's may be anything. */
  readonly cwd: string;
  /** The WHOLE environment of the child (nothing is inherited). */
  readonly env: Readonly<Record<string, string>>;
  /** `pipe` (default): as Tauri and Electron start a sidecar. */
  readonly stdin?: 'pipe' | 'ignore';
}

/**
 * The environment a desktop shell gives its sidecar, and nothing else: `HOME`, a `PATH` with
 * no Node.js on it (one empty folder), `TICKLER_DB` in the app's data folder and
 * `TICKLER_PORT=0`.
 */
export function desktopEnvironment(
  appData: string,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const bin = path.join(appData, 'empty-bin');
  fs.mkdirSync(bin, { recursive: true });
  return {
    HOME: appData,
    PATH: bin,
    TICKLER_DB: path.join(appData, 'tickler.db'),
    TICKLER_PORT: '0',
    ...extra,
  };
}

/**
 * The packaged executable as a desktop shell runs it: spawned with a given environment,
 * its first stdout line read as the readiness line, every later line kept (so a chatty
 * daemon never blocks on a full pipe).
 */
export class SidecarProcess {
  readonly lines: string[] = [];
  stderr = '';
  readonly exited: Promise<Exit>;

  private constructor(
    readonly child: ChildProcess,
    readonly readiness: Readiness,
    exited: Promise<Exit>,
    lines: readline.Interface,
  ) {
    this.exited = exited;
    lines.on('line', (line) => this.lines.push(line));
  }

  /**
   * Spawns the executable and resolves with its readiness line; rejects when the first line is
   * anything else or the process exits before printing one (with its stderr).
   */
  static start(options: SidecarSpawn): Promise<SidecarProcess> {
    const child = spawn(options.executable, [], {
      cwd: options.cwd,
      env: { ...options.env },
      stdio: [options.stdin ?? 'pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<Exit>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const lines = readline.createInterface({ input: child.stdout! });
    return new Promise((resolve, reject) => {
      lines.once('line', (first) => {
        const readiness = parseReadiness(first);
        if (readiness === undefined) {
          child.kill('SIGKILL');
          reject(new Error(`first stdout line is not the readiness line: ${first}\n${stderr}`));
          return;
        }
        const sidecar = new SidecarProcess(child, readiness, exited, lines);
        child.stderr!.on('data', (chunk: Buffer) => (sidecar.stderr += chunk.toString()));
        sidecar.stderr = stderr;
        resolve(sidecar);
      });
      void exited.then(({ code, signal }) =>
        reject(new Error(`exited before it was ready (code ${code}, signal ${signal}): ${stderr}`)),
      );
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Sends a signal and resolves with how the process ended. */
  stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> {
    this.child.kill(signal);
    return this.exited;
  }
}

/**
 * Whether a process id is alive. A process that exited but was re-parented to an init that
 * does not reap (some containers) stays a zombie: that counts as gone.
 */
export function processAlive(pid: number): boolean {
  if (!fs.existsSync('/proc/self/stat')) {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 3, after the parenthesised command name (which may itself contain spaces).
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
