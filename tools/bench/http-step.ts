import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { type HttpSummary, runHttpBench } from './http-bench';
import { findWrk } from './http-bench-wrk';

/**
 * The HTTP ratio of issue 18 as a step of the main run (`npm run bench`): the `--http` bench
 * (daemon POST /notifications vs a bare fastify route, driven by wrk), called as it is, its
 * figures kept in the run's results for the generated docs section.
 */

/** What the HTTP step of a run measured, or why it did not run. */
export interface HttpStepResults {
  status: 'ok' | 'not run' | 'partial';
  /** Why it did not run, or what was wrong (non-2xx answers, socket errors, a failure). */
  notes: string[];
  /** The `--http` bench's own summary (wrk settings, every run, medians). */
  summary?: HttpSummary;
}

/** How to install wrk by hand, in the words the step reports when it cannot. */
export const WRK_HOW =
  'wrk is not installed: `sudo apt-get install -y wrk` (Debian/Ubuntu package), or build it from https://github.com/wg/wrk and put it on PATH; then run again';

/** Ways to become root for apt-get: as root, or through sudo without a password prompt. */
function aptPrefix(): string[] | undefined {
  if (!fs.existsSync('/usr/bin/apt-get')) {
    return undefined;
  }
  if (process.getuid?.() === 0) {
    return [];
  }
  try {
    execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 5_000 });
    return ['sudo', '-n'];
  } catch {
    return undefined;
  }
}

function apt(prefix: readonly string[], args: readonly string[]): boolean {
  const [command, ...rest] = [...prefix, 'apt-get', ...args];
  try {
    execFileSync(command as string, rest, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 300_000,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * wrk's path, installing the Debian package first when it is missing and apt-get can run here (as
 * root or with password-less sudo; the package lists are refreshed once if the first try fails).
 * Undefined when it is still missing: the caller reports {@link WRK_HOW}.
 */
export function ensureWrk(
  log: (line: string) => void,
  find: () => string | undefined = findWrk,
): string | undefined {
  const found = find();
  if (found !== undefined) {
    return found;
  }
  const prefix = aptPrefix();
  if (prefix === undefined) {
    return undefined;
  }
  log('wrk is missing: installing the Debian package (apt-get install -y wrk), once');
  const install = ['install', '-y', '--no-install-recommends', 'wrk'];
  if (!apt(prefix, install) && apt(prefix, ['update'])) {
    apt(prefix, install);
  }
  return find();
}

/**
 * wrk settings of the step. Full: the `--http` defaults (2 rounds of 8 s per server after 5 s of
 * warm-up each, ~45 s). Quick: one round of 3 s (~20 s), for checking the step, not its figures.
 */
export function httpStepArgs(quick: boolean): string[] {
  return quick ? ['--http', '--seconds', '3', '--rounds', '1'] : ['--http'];
}

/** Runs the HTTP bench as a step of the main run; never throws (a failure is a note). */
export async function runHttpStep(
  quick: boolean,
  log: (line: string) => void,
): Promise<HttpStepResults> {
  if (ensureWrk(log) === undefined) {
    log(`http: not run (${WRK_HOW})`);
    return { status: 'not run', notes: [`not run: ${WRK_HOW}`] };
  }
  try {
    const summary = await runHttpBench(httpStepArgs(quick), log);
    if (summary === undefined) {
      return { status: 'not run', notes: [`not run: ${WRK_HOW}`] };
    }
    const invalid = summary.runs.filter((r) => r.non2xx > 0 || r.socketErrors > 0).length;
    return invalid === 0
      ? { status: 'ok', notes: [], summary }
      : {
          status: 'partial',
          notes: [`${invalid} wrk run(s) had non-2xx answers or socket errors: not a valid figure`],
          summary,
        };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    log(`http FAILED: ${text}`);
    return { status: 'partial', notes: [`failed: ${text.split('\n')[0] ?? text}`] };
  }
}
