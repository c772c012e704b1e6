import fs from 'node:fs';
import path from 'node:path';
import { runDaemonToExit, tickler, useDaemon } from './support/processes';

const run = useDaemon();

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
    const result = await tickler(args, run.env);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr.trimEnd()).toMatch(message);
  });

  it('still prints help and the version on stdout with exit 0', async () => {
    const help = await tickler(['remind', '--help'], run.env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tickler remind');
    const version = await tickler(['--version'], run.env);
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });

  it('a second daemon on the same port says so in one line and exits 1', async () => {
    const dir = fs.mkdtempSync(path.join(run.daemon.dir, 'second-'));
    const second = await runDaemonToExit({
      TICKLER_DB: path.join(dir, 'tickler.db'),
      TICKLER_PORT: run.daemon.port,
    });
    expect(second).toEqual({
      code: 1,
      stdout: '',
      stderr: `tickler daemon: port ${run.daemon.port} is in use — is another tickler running? set TICKLER_PORT\n`,
    });
  });
});
