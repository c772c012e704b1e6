import fs from 'node:fs';
import {
  type DaemonConfig,
  discoveryFileFor,
  parseConfig,
  rawConfigFrom,
  readDiscoveryFile,
} from '@tickler/config';
import { CliError } from '../cli.error';

/** Where the daemon is and how to talk to it. */
export interface Connection {
  /** Base URL, e.g. `http://127.0.0.1:8787`. */
  readonly url: string;
  readonly token: string;
  /**
   * How the URL was found, for `--verbose` and every connection error: `--daemon`,
   * `TICKLER_URL`, the discovery file's path, or the `TICKLER_HOST`/`TICKLER_PORT` settings.
   */
  readonly foundVia: string;
  /** The admin token file the token was read from (undefined: from `--token` or the environment). */
  readonly tokenFile?: string;
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

function configOf(env: NodeJS.ProcessEnv): DaemonConfig {
  try {
    return parseConfig(rawConfigFrom(env), env);
  } catch (error) {
    throw new CliError(`configuration: ${(error as Error).message}`);
  }
}

/**
 * The `admin.token` file the daemon reads its admin token from, or undefined when the token
 * comes from `TICKLER_ADMIN_TOKEN` (or the database is in memory).
 */
export function adminTokenFileOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const config = configOf(env);
  return config.adminToken === undefined ? config.adminTokenFile : undefined;
}

/** Whether the person named where the daemon listens (then the discovery file is not asked). */
function addressWasGiven(env: NodeJS.ProcessEnv): boolean {
  if (env.TICKLER_HOST || env.TICKLER_PORT) {
    return true;
  }
  const raw = env.TICKLER_CONFIG ? rawConfigFrom({ TICKLER_CONFIG: env.TICKLER_CONFIG }) : {};
  return raw.TICKLER_HOST !== undefined || raw.TICKLER_PORT !== undefined;
}

/**
 * Finds the daemon: `--daemon`/`TICKLER_URL`; else `TICKLER_HOST`/`TICKLER_PORT` when set;
 * else the discovery file a running daemon writes beside its database (`daemon.json` in the
 * per-user data folder by default, or beside `TICKLER_DB`), which also says where its admin
 * token is; else the default address. The token: `--token`, `TICKLER_ADMIN_TOKEN`, the
 * discovery file's token file, or `admin.token` beside the database.
 */
export function resolveConnection(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv = process.env,
): Connection {
  const config = configOf(env);
  const discoveryFile = config.databaseUrl === undefined ? discoveryFileFor(config.db) : undefined;
  const discovered =
    discoveryFile === undefined || addressWasGiven(env)
      ? undefined
      : readDiscoveryFile(discoveryFile);
  // Empty values count as unset (an exported-but-empty variable is common in shells).
  let url: string;
  let foundVia: string;
  if (flags.daemon) {
    [url, foundVia] = [flags.daemon, '--daemon'];
  } else if (env.TICKLER_URL) {
    [url, foundVia] = [env.TICKLER_URL, 'TICKLER_URL'];
  } else if (discovered) {
    [url, foundVia] = [discovered.url, `${discoveryFile} (pid ${discovered.pid})`];
  } else {
    url = `http://${reachableHost(config.host)}:${config.port}`;
    foundVia = addressWasGiven(env)
      ? 'TICKLER_HOST/TICKLER_PORT'
      : `the default address; no running daemon wrote ${discoveryFile ?? 'a discovery file'}`;
  }
  url = url.replace(/\/+$/, '');
  let token = flags.token || config.adminToken;
  let tokenFile: string | undefined;
  if (token === undefined) {
    const file = discovered?.tokenFile ?? config.adminTokenFile;
    if (!file || !fs.existsSync(file)) {
      throw new CliError(
        `no admin token: ${file ?? 'admin.token'} does not exist (daemon ${url}, from ${foundVia}; start the daemon first, or pass --token / TICKLER_ADMIN_TOKEN)`,
      );
    }
    token = fs.readFileSync(file, 'utf8').trim();
    tokenFile = file;
  }
  return { url, token, foundVia, ...(tokenFile === undefined ? {} : { tokenFile }) };
}

/** `http://127.0.0.1:8787 (from …/daemon.json (pid 4242))`: which daemon, and why that one. */
export function describeConnection(connection: Connection): string {
  return `${connection.url} (from ${connection.foundVia})`;
}
