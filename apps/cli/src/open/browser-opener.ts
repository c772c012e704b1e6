import { spawn } from 'node:child_process';
import { findOnPath } from '../watch/desktop-notifier';

/** A program that opens a URL in the person's browser. */
export interface BrowserOpener {
  /** What runs, for the messages (`xdg-open`, `open`, `$BROWSER`). */
  readonly name: string;
  readonly file: string;
  /** Arguments before the URL. */
  readonly args: readonly string[];
}

/** Openers hand the URL to the browser and exit; one that does not is left running, not waited on. */
const OPENER_WAIT_MS = 10_000;

/**
 * `$BROWSER` when set (the usual convention: a program name or path), else the platform's own:
 * `open` on macOS, `rundll32 url.dll,FileProtocolHandler` on Windows (no shell quoting of the
 * URL), `xdg-open` elsewhere. Undefined when it is not
 * installed (a server, a container): the caller prints the URL instead.
 */
export function findBrowserOpener(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): BrowserOpener | undefined {
  const chosen = env.BROWSER?.trim();
  if (chosen) {
    const file = chosen.includes('/') || chosen.includes('\\') ? chosen : findOnPath(chosen, env);
    return file === undefined ? undefined : { name: '$BROWSER', file, args: [] };
  }
  if (platform === 'darwin') {
    const file = findOnPath('open', env);
    return file === undefined ? undefined : { name: 'open', file, args: [] };
  }
  if (platform === 'win32') {
    const file = findOnPath('rundll32', env);
    return file === undefined
      ? undefined
      : { name: 'rundll32', file, args: ['url.dll,FileProtocolHandler'] };
  }
  const file = findOnPath('xdg-open', env);
  return file === undefined ? undefined : { name: 'xdg-open', file, args: [] };
}

/**
 * Runs the opener with the URL (no shell: the URL is one argument). Resolves when it exits 0;
 * rejects when it cannot start or exits non-zero; an opener still running after
 * {@link OPENER_WAIT_MS} is left to itself and counts as done.
 */
export function openInBrowser(opener: BrowserOpener, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(opener.file, [...opener.args, url], {
      stdio: 'ignore',
      detached: true,
      windowsHide: true,
    });
    const timer = setTimeout(() => {
      child.unref();
      resolve();
    }, OPENER_WAIT_MS);
    timer.unref();
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) {
        resolve();
      } else {
        reject(new Error(`${opener.name} exited with ${code ?? 'a signal'}`));
      }
    });
  });
}
