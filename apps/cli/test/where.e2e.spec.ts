import fs from 'node:fs';
import path from 'node:path';
import { type NotificationJson } from '@tickler/notifications';
import { type RunningDaemon, startDaemon, tickler } from './support/processes';

// A person's machine in a temp folder: the daemon and the CLI get their own HOME and
// XDG_DATA_HOME, and no TICKLER_DB / TICKLER_PORT, so they use the per-user defaults.
let home: string;
let person: Record<string, string | undefined>;
let daemon: RunningDaemon;

beforeAll(async () => {
  home = fs.mkdtempSync(path.join(process.env.TICKLER_E2E_ROOT ?? '/tmp', 'home-'));
  person = {
    HOME: home,
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    TICKLER_DB: undefined,
    TICKLER_PORT: undefined,
    TICKLER_HOST: undefined,
    TICKLER_URL: undefined,
    TICKLER_CONFIG: undefined,
    TICKLER_ADMIN_TOKEN: undefined,
    TICKLER_USER: undefined,
  };
  // TICKLER_PORT 0 (a free port): only the discovery file can tell the CLI which one.
  daemon = await startDaemon({
    HOME: home,
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    TICKLER_DB: '',
  });
});

afterAll(async () => {
  await daemon.stop();
});

describe('where things live (built binary against a real daemon)', () => {
  const dataDir = (): string => path.join(home, '.local', 'share', 'tickler');

  it('keeps the database and token in the per-user data folder and writes a 0600 discovery file', () => {
    expect(fs.existsSync(path.join(dataDir(), 'tickler.db'))).toBe(true);
    expect(fs.statSync(path.join(dataDir(), 'admin.token')).mode & 0o777).toBe(0o600);
    const file = path.join(dataDir(), 'daemon.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      url: daemon.url,
      tokenFile: path.join(dataDir(), 'admin.token'),
      pid: expect.any(Number) as number,
      version: expect.any(String) as string,
    });
    expect(fs.readFileSync(file, 'utf8')).not.toContain(
      fs.readFileSync(path.join(dataDir(), 'admin.token'), 'utf8').trim(),
    );
  });

  it('the CLI finds it from any folder, and --verbose names the daemon and how it was found', async () => {
    const elsewhere = fs.mkdtempSync(path.join(home, 'somewhere-'));
    const made = await tickler(
      ['--json', 'remind', 'from anywhere', '--in', '1h'],
      person,
      elsewhere,
    );
    expect(made.code).toBe(0);
    expect((JSON.parse(made.stdout) as NotificationJson).title).toBe('from anywhere');
    const verbose = await tickler(['--verbose', 'list'], person, elsewhere);
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toBe(
      `tickler: daemon ${daemon.url} (from ${path.join(dataDir(), 'daemon.json')} (pid ${
        (
          JSON.parse(fs.readFileSync(path.join(dataDir(), 'daemon.json'), 'utf8')) as {
            pid: number;
          }
        ).pid
      }))\n`,
    );
    expect(verbose.stdout).toContain('from anywhere');
  });

  it('a refused token names the daemon that refused it', async () => {
    const refused = await tickler(['--token', 'not-the-token-at-all', 'list'], person);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^tickler: daemon answered 401 .*\\(daemon ${daemon.url.replace(/\./g, '\\.')} \\(from .*daemon\\.json \\(pid \\d+\\)\\)\\)\\n$`,
      ),
    );
  });

  it('once the daemon stops, the discovery file is gone and the error says where the CLI looked', async () => {
    await daemon.stop();
    expect(fs.existsSync(path.join(dataDir(), 'daemon.json'))).toBe(false);
    const down = await tickler(['list'], person);
    expect(down.code).toBe(1);
    expect(down.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(down.stderr).toContain(
      `from the default address; no running daemon wrote ${path.join(dataDir(), 'daemon.json')}`,
    );
  });
});
