import os from 'node:os';
import path from 'node:path';

/** What {@link userCacheFolder} reads; the process's own values by default. */
export interface CacheFolderInputs {
  readonly env: NodeJS.ProcessEnv;
  readonly platform: NodeJS.Platform;
  /** The user's home folder, or undefined when the system knows none. */
  readonly home: string | undefined;
  /** The user's numeric id (POSIX), named in the temp-folder fallback. */
  readonly uid: number | undefined;
}

function homeOrUndefined(): string | undefined {
  try {
    return os.homedir() || undefined;
  } catch {
    // No HOME and no passwd entry (a stripped container user): fall back to the temp folder.
    return undefined;
  }
}

function absolute(value: string | undefined): string | undefined {
  return value !== undefined && path.isAbsolute(value) ? value : undefined;
}

/** The inputs of the running process. */
export function processCacheInputs(): CacheFolderInputs {
  return {
    env: process.env,
    platform: process.platform,
    home: homeOrUndefined(),
    uid: process.getuid?.(),
  };
}

/**
 * The per-user cache folder of the platform, with `tickler` appended: `$XDG_CACHE_HOME` or
 * `~/.cache` on Linux, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows. A relative
 * `XDG_CACHE_HOME` is ignored, as the XDG specification says. Without a home folder, a folder
 * named after the user id in the system's temp folder (whoever loads from it checks that it is
 * the user's own: see `privateFolder`).
 */
export function userCacheFolder(inputs: CacheFolderInputs = processCacheInputs()): string {
  const { env, platform, home } = inputs;
  let base: string | undefined;
  if (platform === 'win32') {
    base = absolute(env.LOCALAPPDATA) ?? (home && path.join(home, 'AppData', 'Local'));
  } else if (platform === 'darwin') {
    base = home && path.join(home, 'Library', 'Caches');
  } else {
    base = absolute(env.XDG_CACHE_HOME) ?? (home && path.join(home, '.cache'));
  }
  return base !== undefined
    ? path.join(base, 'tickler')
    : path.join(os.tmpdir(), `tickler-${inputs.uid ?? 'user'}`);
}
