import fs from 'node:fs';
import { parseConfig, rawConfigFrom } from '@tickler/config';
import { CliError } from '../cli.error';

/** Where the daemon is and how to talk to it. */
export interface Connection {
  /** Base URL, e.g. `http://127.0.0.1:8787`. */
  readonly url: string;
  readonly token: string;
}

/** Flags that override what the environment says. */
export interface ConnectionFlags {
  daemon?: string;
  token?: string;
}

/** A wildcard listen address is reached through loopback. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') {
    return '127.0.0.1';
  }
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The `admin.token` file the daemon reads its admin token from, or undefined when the token
 * comes from `TICKLER_ADMIN_TOKEN` (or the database is in memory).
 */
export function adminTokenFileOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
  let config;
  try {
    config = parseConfig(rawConfigFrom(env));
  } catch (error) {
    throw new CliError(`configuration: ${(error as Error).message}`);
  }
  return config.adminToken === undefined ? config.adminTokenFile : undefined;
}

/**
 * Finds the daemon the way it finds itself: the same variables and `TICKLER_CONFIG` file
 * (`TICKLER_HOST`/`TICKLER_PORT`, `TICKLER_ADMIN_TOKEN`, else `admin.token` beside
 * `TICKLER_DB`). `--daemon`/`TICKLER_URL` and `--token` override.
 */
export function resolveConnection(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv = process.env,
): Connection {
  let config;
  try {
    config = parseConfig(rawConfigFrom(env));
  } catch (error) {
    throw new CliError(`configuration: ${(error as Error).message}`);
  }
  // Empty values count as unset (an exported-but-empty variable is common in shells).
  const url = (
    flags.daemon ||
    env.TICKLER_URL ||
    `http://${reachableHost(config.host)}:${config.port}`
  ).replace(/\/+$/, '');
  let token = flags.token || config.adminToken;
  if (token === undefined) {
    const file = config.adminTokenFile;
    if (!file || !fs.existsSync(file)) {
      throw new CliError(
        `no admin token: ${file ?? 'admin.token'} does not exist (start the daemon first, or pass --token / TICKLER_ADMIN_TOKEN)`,
      );
    }
    token = fs.readFileSync(file, 'utf8').trim();
  }
  return { url, token };
}
