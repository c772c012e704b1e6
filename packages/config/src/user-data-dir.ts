import os from 'node:os';
import path from 'node:path';

/**
 * The per-user folder a person's Tickler keeps its database, admin token and discovery file in,
 * wherever it is started from: `$XDG_DATA_HOME/tickler` (else `~/.local/share/tickler`) on
 * Linux and other Unixes, `~/Library/Application Support/tickler` on macOS,
 * `%APPDATA%\tickler` on Windows. The same rules as `env-paths`' data folder, written out
 * because env-paths 3 is ESM-only (the CommonJS build and jest cannot load it) and this is all
 * of it that is needed.
 */
export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  const home = env.HOME || os.homedir();
  if (platform === 'darwin') {
    return path.join(home, 'Library', 'Application Support', 'tickler');
  }
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), 'tickler');
  }
  // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env.XDG_DATA_HOME;
  return path.join(
    xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.local', 'share'),
    'tickler',
  );
}

/** The default `TICKLER_DB`: `tickler.db` in {@link userDataDir}. */
export function defaultDatabaseFile(env: NodeJS.ProcessEnv = process.env): string {
  const dir = userDataDir(env);
  return process.platform === 'win32'
    ? path.win32.join(dir, 'tickler.db')
    : path.join(dir, 'tickler.db');
}
