import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { parseDuration } from '@tickler/core/domain';
import { parseChannelSettings } from './channel-settings';
import { ConfigError } from './config.error';
import { parseUrlSetting } from './url-setting';
import { defaultDatabaseFile } from './user-data-dir';
import {
  CONFIG_DEFAULTS,
  CONFIG_KEYS,
  type ConfigKey,
  type DaemonConfig,
  type DeliveryMode,
} from './daemon-config';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Raw settings: one string per key, as the environment would give them. */
export type RawConfig = Partial<Record<ConfigKey, string>>;

/**
 * Reads the JSON file named by `TICKLER_CONFIG` (if any). Its keys are the environment
 * variables' names; numbers are accepted for the port. Unknown keys are errors, so a typo
 * cannot silently fall back to a default.
 */
export function readConfigFile(file: string): RawConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(
      'TICKLER_CONFIG',
      `cannot read ${file} as JSON: ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError('TICKLER_CONFIG', `${file} must hold a JSON object`);
  }
  const raw: RawConfig = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
      throw new ConfigError(
        'TICKLER_CONFIG',
        `${file}: unknown key "${key}" (known: ${CONFIG_KEYS.join(', ')})`,
      );
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new ConfigError(key, `must be a string in ${file}`);
    }
    raw[key as ConfigKey] = String(value);
  }
  return raw;
}

/** Picks the settings from an environment, file values first, environment overriding them. */
export function rawConfigFrom(env: NodeJS.ProcessEnv): RawConfig {
  const file = env.TICKLER_CONFIG;
  const raw: RawConfig = file ? readConfigFile(file) : {};
  for (const key of CONFIG_KEYS) {
    const value = env[key];
    if (value !== undefined && value !== '') {
      raw[key] = value;
    }
  }
  return raw;
}

function parsePort(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535) {
    throw new ConfigError('TICKLER_PORT', `"${text}" is not a port number (0–65535)`);
  }
  return Number(text);
}

/** A duration setting: its unit is required (`12h`, `90m`, `PT12H`); a bare `12` is refused. */
/** `TICKLER_SUBSCRIPTIONS_PER_CHANNEL`: a whole number from 1 to 1,000. */
function parseSubscriptionLimit(text: string): number {
  const n = Number(text);
  if (!/^\d{1,4}$/.test(text.trim()) || n < 1 || n > 1000) {
    throw new ConfigError(
      'TICKLER_SUBSCRIPTIONS_PER_CHANNEL',
      `"${text.slice(0, 32)}" is not a whole number from 1 to 1000`,
    );
  }
  return n;
}

/** `TICKLER_THROTTLE`: `<sends>/<duration>` (1 to 100,000 sends, a duration with its unit) or `off`. */
function parseThrottleSetting(text: string): string {
  const value = text.trim();
  const match = /^(\d{1,6})\/(\S{1,32})$/.exec(value);
  const sends = Number(match?.[1]);
  if (value !== 'off' && (!match?.[2] || sends < 1 || sends > 100_000)) {
    throw new ConfigError(
      'TICKLER_THROTTLE',
      `"${text.slice(0, 40)}" is not <sends>/<duration> (e.g. 30/1h) or off`,
    );
  }
  if (match?.[2]) {
    parseDurationSetting('TICKLER_THROTTLE', match[2]);
  }
  return value;
}

/** `TICKLER_RETENTION`: a duration with its unit, at least one hour. */
function parseRetention(text: string): number {
  const ms = parseDurationSetting('TICKLER_RETENTION', text);
  if (ms < 3_600_000) {
    throw new ConfigError('TICKLER_RETENTION', `"${text.slice(0, 40)}" is shorter than 1h`);
  }
  return ms;
}

function parseDurationSetting(key: ConfigKey, text: string): number {
  try {
    return parseDuration(text, key);
  } catch (error) {
    // parseDuration's message already starts with the key and says what to write instead.
    throw new ConfigError(key, (error as Error).message.replace(`${key}: `, ''), { cause: error });
  }
}

/** Longest `TICKLER_STOP_TIMEOUT`: a stop that waits longer is a hang, not a drain. */
const MAX_STOP_TIMEOUT_MS = 10 * 60_000;

function parseStopTimeout(text: string): number {
  const ms = parseDurationSetting('TICKLER_STOP_TIMEOUT', text);
  if (ms > MAX_STOP_TIMEOUT_MS) {
    throw new ConfigError('TICKLER_STOP_TIMEOUT', `"${text}" is longer than 10m`);
  }
  return ms;
}

function parseDelivery(text: string): DeliveryMode {
  if (text !== 'live' && text !== 'dry-run') {
    throw new ConfigError('TICKLER_DELIVERY', `"${text}" must be live or dry-run`);
  }
  return text;
}

function parseFlag(key: ConfigKey, text: string): boolean {
  if (text !== 'true' && text !== 'false') {
    throw new ConfigError(key, `"${text}" must be true or false`);
  }
  return text === 'true';
}

function parseDatabaseUrl(text: string | undefined): string | undefined {
  if (text === undefined) {
    return undefined;
  }
  parseUrlSetting(
    'TICKLER_DATABASE_URL',
    text,
    ['postgres:', 'postgresql:'],
    'postgres://user@host:5432/db',
  );
  return text;
}

function parseSchema(text: string | undefined): string | undefined {
  if (text !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(text)) {
    throw new ConfigError(
      'TICKLER_DATABASE_SCHEMA',
      `"${text}" must be lowercase letters, digits or _`,
    );
  }
  return text;
}

function parseAllowedHosts(text: string | undefined): string[] {
  const names = (text ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const bad = names.find(
    (name) =>
      !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(name),
  );
  if (bad !== undefined) {
    throw new ConfigError(
      'TICKLER_ALLOWED_HOSTS',
      `"${bad}" is not a host name (comma-separated names, e.g. tickler.lan,myhost)`,
    );
  }
  return names;
}

/**
 * `TICKLER_TRUSTED_PROXY`: addresses or CIDR blocks of the reverse proxies whose
 * `X-Forwarded-Proto` / `X-Forwarded-Host` the daemon believes (`127.0.0.1`, `10.0.0.0/8`,
 * `::1`). Empty: none — the headers are ignored, whoever sends them.
 */
function parseTrustedProxies(text: string | undefined): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const max = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (family === 0 || !bitsOk || rest.length > 0) {
      throw new ConfigError(
        'TICKLER_TRUSTED_PROXY',
        `"${entry.slice(0, 64)}" is not an IP address or CIDR block (comma-separated, e.g. 127.0.0.1,10.0.0.0/8)`,
      );
    }
  }
  return entries;
}

/** Where the admin token is kept for a database file: beside it, or nowhere for `:memory:`. */
export function adminTokenFileFor(db: string): string | undefined {
  return db === ':memory:' ? undefined : path.join(path.dirname(path.resolve(db)), 'admin.token');
}

/** Validates raw settings into a {@link DaemonConfig}; throws {@link ConfigError} naming the key. */
export function parseConfig(raw: RawConfig, env: NodeJS.ProcessEnv = process.env): DaemonConfig {
  const db = raw.TICKLER_DB ?? defaultDatabaseFile(env);
  const adminToken = raw.TICKLER_ADMIN_TOKEN;
  if (adminToken !== undefined && adminToken.length < 16) {
    throw new ConfigError('TICKLER_ADMIN_TOKEN', 'must be at least 16 characters');
  }
  const logLevel = raw.TICKLER_LOG_LEVEL ?? CONFIG_DEFAULTS.TICKLER_LOG_LEVEL;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      'TICKLER_LOG_LEVEL',
      `"${logLevel}" must be one of ${LOG_LEVELS.join(', ')}`,
    );
  }
  const databaseSchema = parseSchema(raw.TICKLER_DATABASE_SCHEMA);
  if (databaseSchema !== undefined && raw.TICKLER_DATABASE_URL === undefined) {
    throw new ConfigError(
      'TICKLER_DATABASE_SCHEMA',
      'needs TICKLER_DATABASE_URL (it names a PostgreSQL schema)',
    );
  }
  const databaseUrl = parseDatabaseUrl(raw.TICKLER_DATABASE_URL);
  return {
    db,
    databaseUrl,
    databaseSchema,
    host: raw.TICKLER_HOST ?? CONFIG_DEFAULTS.TICKLER_HOST,
    port: parsePort(raw.TICKLER_PORT ?? CONFIG_DEFAULTS.TICKLER_PORT),
    adminToken,
    adminTokenFile: adminTokenFileFor(db),
    graceMs: parseDurationSetting(
      'TICKLER_GRACE',
      raw.TICKLER_GRACE ?? CONFIG_DEFAULTS.TICKLER_GRACE,
    ),
    delivery: parseDelivery(raw.TICKLER_DELIVERY ?? CONFIG_DEFAULTS.TICKLER_DELIVERY),
    logLevel,
    logContent: parseFlag(
      'TICKLER_LOG_CONTENT',
      raw.TICKLER_LOG_CONTENT ?? CONFIG_DEFAULTS.TICKLER_LOG_CONTENT,
    ),
    allowPrivateTargets: parseFlag(
      'TICKLER_ALLOW_PRIVATE_TARGETS',
      raw.TICKLER_ALLOW_PRIVATE_TARGETS ?? CONFIG_DEFAULTS.TICKLER_ALLOW_PRIVATE_TARGETS,
    ),
    allowedHosts: parseAllowedHosts(raw.TICKLER_ALLOWED_HOSTS),
    trustedProxies: parseTrustedProxies(raw.TICKLER_TRUSTED_PROXY),
    subscriptionsPerChannel: parseSubscriptionLimit(
      raw.TICKLER_SUBSCRIPTIONS_PER_CHANNEL ?? CONFIG_DEFAULTS.TICKLER_SUBSCRIPTIONS_PER_CHANNEL,
    ),
    retentionMs: parseRetention(raw.TICKLER_RETENTION ?? CONFIG_DEFAULTS.TICKLER_RETENTION),
    throttle: parseThrottleSetting(raw.TICKLER_THROTTLE ?? CONFIG_DEFAULTS.TICKLER_THROTTLE),
    webDir: raw.TICKLER_WEB_DIR === undefined ? undefined : path.resolve(raw.TICKLER_WEB_DIR),
    stopTimeoutMs: parseStopTimeout(
      raw.TICKLER_STOP_TIMEOUT ?? CONFIG_DEFAULTS.TICKLER_STOP_TIMEOUT,
    ),
    databaseRetryMs: parseDurationSetting(
      'TICKLER_DATABASE_RETRY',
      raw.TICKLER_DATABASE_RETRY ?? CONFIG_DEFAULTS.TICKLER_DATABASE_RETRY,
    ),
    ...parseChannelSettings(raw, db, databaseUrl),
  };
}

/** The daemon's configuration from an environment (default: this process's). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): DaemonConfig {
  return parseConfig(rawConfigFrom(env), env);
}

/** Where the data lives, for logs: the SQLite path, or the PostgreSQL URL without its password. */
export function databaseLabel(config: DaemonConfig): string {
  if (config.databaseUrl === undefined) {
    return config.db;
  }
  const url = new URL(config.databaseUrl);
  url.password = '';
  const schema = config.databaseSchema !== undefined ? ` (schema ${config.databaseSchema})` : '';
  return `${url.toString()}${schema}`;
}
