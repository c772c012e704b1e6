import fs from 'node:fs';
import path from 'node:path';
import {
  envFor,
  runDaemonToExit,
  type RunningDaemon,
  startDaemon,
  tickler,
} from './support/processes';

let daemon: RunningDaemon;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  daemon = await startDaemon();
  env = envFor(daemon);
});

afterAll(async () => {
  await daemon.stop();
});

describe('tickler usage errors (built binary against a real daemon)', () => {
  it.each([
    [['remind', 'x', '--bogus'], /^tickler: unknown option '--bogus'; see tickler remind --help$/],
    [
      ['remind', 'x', '--mesage', 'hi', '--in', '5m'],
      /^tickler: unknown option '--mesage' \(did you mean --message\?\); see tickler remind --help$/,
    ],
    [['lsit'], /^tickler: unknown command 'lsit' \(did you mean list\?\); see tickler --help$/],
    [['remind'], /^tickler: missing required argument 'text'; see tickler remind --help$/],
    [
      ['token', 'issue', '--expires-in'],
      /^tickler: option '--expires-in <duration>' argument missing; see tickler token issue --help$/,
    ],
    [['list', 'extra'], /^tickler: too many arguments for 'list'.*; see tickler list --help$/],
  ])('%j is one line with a hint and exit 2, never the whole help', async (args, message) => {
    const run = await tickler(args, env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.endsWith('\n')).toBe(true);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr.trimEnd()).toMatch(message);
  });

  it('still prints help and the version on stdout with exit 0', async () => {
    const help = await tickler(['remind', '--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tickler remind');
    const version = await tickler(['--version'], env);
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });

  it('a second daemon on the same port says so in one line and exits 1', async () => {
    const dir = fs.mkdtempSync(path.join(daemon.dir, 'second-'));
    const second = await runDaemonToExit({
      TICKLER_DB: path.join(dir, 'tickler.db'),
      TICKLER_PORT: daemon.port,
    });
    expect(second).toEqual({
      code: 1,
      stdout: '',
      stderr: `tickler daemon: port ${daemon.port} is in use — is another tickler running? set TICKLER_PORT\n`,
    });
  });
});
