import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './config.error';
import { databaseLabel, loadConfig } from './load-config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ HOME: '/home/amy', XDG_DATA_HOME: '/home/amy/.xdg' });
    const data = '/home/amy/.xdg/tickler';
    expect(config).toEqual({
      db: path.join(data, 'tickler.db'),
      host: '127.0.0.1',
      port: 8787,
      adminToken: undefined,
      adminTokenFile: path.join(data, 'admin.token'),
      graceMs: 12 * 3_600_000,
      delivery: 'live',
      logLevel: 'info',
      logContent: false,
      allowPrivateTargets: false,
      allowedHosts: [],
      trustedProxies: [],
      subscriptionsPerChannel: 10,
      throttle: '30/1h',
      retentionMs: 90 * 86_400_000,
      webDir: undefined,
      stopTimeoutMs: 500,
      databaseRetryMs: 300_000,
      vapidSubject: 'mailto:admin@localhost',
      vapidKeyFile: path.join(data, 'vapid.json'),
    });
    expect(loadConfig({ TICKLER_ALLOW_PRIVATE_TARGETS: 'true' }).allowPrivateTargets).toBe(true);
    expect(loadConfig({ TICKLER_LOG_CONTENT: 'true' }).logContent).toBe(true);
  });

  it('reads TICKLER_STOP_TIMEOUT with its unit, up to 10 minutes', () => {
    expect(loadConfig({ TICKLER_STOP_TIMEOUT: '30s' }).stopTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ TICKLER_STOP_TIMEOUT: '500' })).toThrow(/^TICKLER_STOP_TIMEOUT:/);
    expect(() => loadConfig({ TICKLER_STOP_TIMEOUT: '11m' })).toThrow(/longer than 10m/);
  });

  it('reads TICKLER_DATABASE_RETRY with its unit', () => {
    expect(loadConfig({ TICKLER_DATABASE_RETRY: '30s' }).databaseRetryMs).toBe(30_000);
    expect(() => loadConfig({ TICKLER_DATABASE_RETRY: '30' })).toThrow(/^TICKLER_DATABASE_RETRY:/);
  });

  it('reads TICKLER_RETENTION as a duration of at least 1h', () => {
    expect(loadConfig({ TICKLER_RETENTION: '30d' }).retentionMs).toBe(30 * 86_400_000);
    for (const bad of ['90', '30m', 'forever']) {
      expect(() => loadConfig({ TICKLER_RETENTION: bad })).toThrow(/^TICKLER_RETENTION:/);
    }
  });

  it('reads TICKLER_THROTTLE as <sends>/<duration> or off, naming the key otherwise', () => {
    expect(loadConfig({ TICKLER_THROTTLE: '5/10m' }).throttle).toBe('5/10m');
    expect(loadConfig({ TICKLER_THROTTLE: 'off' }).throttle).toBe('off');
    for (const bad of ['0/1h', '30', '30/1', '30/soon', '1000001/1h', '/1h']) {
      expect(() => loadConfig({ TICKLER_THROTTLE: bad })).toThrow(/^TICKLER_THROTTLE:/);
    }
  });

  it('reads TICKLER_SUBSCRIPTIONS_PER_CHANNEL as a whole number from 1 to 1,000', () => {
    expect(loadConfig({ TICKLER_SUBSCRIPTIONS_PER_CHANNEL: '3' }).subscriptionsPerChannel).toBe(3);
    for (const bad of ['0', '1001', 'ten', '2.5']) {
      expect(() => loadConfig({ TICKLER_SUBSCRIPTIONS_PER_CHANNEL: bad })).toThrow(
        /^TICKLER_SUBSCRIPTIONS_PER_CHANNEL:/,
      );
    }
  });

  it('reads TICKLER_TRUSTED_PROXY as addresses and CIDR blocks, none by default', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(
      loadConfig({ TICKLER_TRUSTED_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustedProxies,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const bad of ['proxy.lan', '10.0.0.0/33', '10.0.0.0/8/1', '*']) {
      expect(() => loadConfig({ TICKLER_TRUSTED_PROXY: bad })).toThrow(/TICKLER_TRUSTED_PROXY/);
    }
  });

  it('reads TICKLER_ALLOWED_HOSTS as comma-separated host names', () => {
    expect(loadConfig({ TICKLER_ALLOWED_HOSTS: 'Tickler.lan, myhost' }).allowedHosts).toEqual([
      'tickler.lan',
      'myhost',
    ]);
    expect(() => loadConfig({ TICKLER_ALLOWED_HOSTS: 'evil.com/x' })).toThrow(
      /^TICKLER_ALLOWED_HOSTS:/,
    );
  });

  it('reads the environment, and a JSON file under the same keys with the environment winning', () => {
    const dir = tempDir();
    const file = path.join(dir, 'tickler.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        TICKLER_DB: '/srv/t.db',
        TICKLER_PORT: 9000,
        TICKLER_GRACE: '30m',
        TICKLER_DELIVERY: 'dry-run',
      }),
    );
    const config = loadConfig({
      TICKLER_CONFIG: file,
      TICKLER_PORT: '9100',
      TICKLER_HOST: '0.0.0.0',
    });
    expect(config).toMatchObject({
      db: '/srv/t.db',
      port: 9100,
      host: '0.0.0.0',
      graceMs: 1_800_000,
      delivery: 'dry-run',
      adminTokenFile: '/srv/admin.token',
    });
  });

  it('keeps no token file for an in-memory database', () => {
    expect(loadConfig({ TICKLER_DB: ':memory:' }).adminTokenFile).toBeUndefined();
  });

  it.each([
    [{ TICKLER_PORT: '70000' }, 'TICKLER_PORT'],
    [{ TICKLER_PORT: '-1' }, 'TICKLER_PORT'],
    [{ TICKLER_GRACE: '0s' }, 'TICKLER_GRACE'],
    [{ TICKLER_DELIVERY: 'maybe' }, 'TICKLER_DELIVERY'],
    [{ TICKLER_ADMIN_TOKEN: 'short' }, 'TICKLER_ADMIN_TOKEN'],
    [{ TICKLER_LOG_LEVEL: 'loud' }, 'TICKLER_LOG_LEVEL'],
    [{ TICKLER_ALLOW_PRIVATE_TARGETS: 'yes' }, 'TICKLER_ALLOW_PRIVATE_TARGETS'],
  ])('rejects %j naming the key', (env, key) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${key}:`));
  });

  it.each([
    ['1h 30m', 5_400_000],
    ['PT12H', 43_200_000],
    ['1.5h', 5_400_000],
  ])('reads TICKLER_GRACE=%s with its unit', (grace, ms) => {
    expect(loadConfig({ TICKLER_GRACE: grace }).graceMs).toBe(ms);
  });

  it('refuses a duration without a unit, in the environment and in the file, on one line', () => {
    expect(() => loadConfig({ TICKLER_GRACE: '12' })).toThrow(
      /^TICKLER_GRACE: "12" has no unit; write e\.g\. 12s, 12m or 12h/,
    );
    const file = path.join(tempDir(), 'grace.json');
    fs.writeFileSync(file, JSON.stringify({ TICKLER_GRACE: 12 }));
    expect(() => loadConfig({ TICKLER_CONFIG: file })).toThrow(/^TICKLER_GRACE: "12" has no unit/);
    try {
      loadConfig({ TICKLER_GRACE: '5' });
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
      expect((error as ConfigError).key).toBe('TICKLER_GRACE');
    }
  });

  it('rejects a config file with an unknown key or that is not an object', () => {
    const dir = tempDir();
    const typo = path.join(dir, 'typo.json');
    fs.writeFileSync(typo, JSON.stringify({ TICKLER_PROT: 1 }));
    expect(() => loadConfig({ TICKLER_CONFIG: typo })).toThrow(/unknown key "TICKLER_PROT"/);
    const list = path.join(dir, 'list.json');
    fs.writeFileSync(list, '[]');
    expect(() => loadConfig({ TICKLER_CONFIG: list })).toThrow(/JSON object/);
  });

  it('takes PostgreSQL from TICKLER_DATABASE_URL (+ schema), refusing other schemes and a schema alone', () => {
    const config = loadConfig({
      TICKLER_DATABASE_URL: 'postgres://tickler:secret@db.internal:5432/tickler',
      TICKLER_DATABASE_SCHEMA: 'reminders',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://tickler:secret@db.internal:5432/tickler',
      databaseSchema: 'reminders',
    });
    // Logs never carry the password.
    expect(databaseLabel(config)).toBe(
      'postgres://tickler@db.internal:5432/tickler (schema reminders)',
    );
    expect(() => loadConfig({ TICKLER_DATABASE_URL: 'mysql://x@y/z' })).toThrow(ConfigError);
    expect(() => loadConfig({ TICKLER_DATABASE_URL: 'not a url' })).toThrow(/TICKLER_DATABASE_URL/);
    expect(() => loadConfig({ TICKLER_DATABASE_SCHEMA: 'reminders' })).toThrow(
      /needs TICKLER_DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ TICKLER_DATABASE_URL: 'postgres://x@y/z', TICKLER_DATABASE_SCHEMA: 'Bad-Name' }),
    ).toThrow(/TICKLER_DATABASE_SCHEMA/);
  });
});
