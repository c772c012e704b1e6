import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tickler, useDaemon } from './support/processes';

// `tickler open` against a real daemon: the browser opener is a stand-in on PATH that records
// the URL it was given, and the URL's token is then exchanged for a session as the page does.

const shared = useDaemon();

/** A folder for PATH holding an `xdg-open` stand-in that writes its argument to `out`. */
function openerOnPath(): { dir: string; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-opener-'));
  const out = path.join(dir, 'opened.txt');
  fs.writeFileSync(path.join(dir, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${out}'\n`, {
    mode: 0o755,
  });
  return { dir, out };
}

const adminToken = () =>
  fs.readFileSync(path.join(shared.daemon.dir, 'admin.token'), 'utf8').trim();

/** What the page does with the fragment: POST /v1/session with the token (201 + who). */
async function exchange(token: string): Promise<{ status: number; userId?: string }> {
  const response = await fetch(`${shared.daemon.url}/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const body = (await response.json()) as { userId?: string };
  return { status: response.status, userId: body.userId };
}

async function tokensOf(user: string): Promise<unknown[]> {
  const response = await fetch(`${shared.daemon.url}/v1/users/${user}/tokens`, {
    headers: { authorization: `Bearer ${adminToken()}` },
  });
  return ((await response.json()) as { items: unknown[] }).items;
}

const tokenOf = (url: string) => /#token=([A-Za-z0-9_-]+)$/.exec(url)?.[1] ?? '';

describe('tickler open', () => {
  it('opens /#token=<a user token> with the opener, reuses it next time, and it signs the page in', async () => {
    const { dir, out } = openerOnPath();
    const env = { ...shared.env, PATH: dir, BROWSER: undefined };
    const run = await tickler(['--user', 'ann', 'open'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`opened ${shared.daemon.url}/ in your browser`);
    const opened = fs.readFileSync(out, 'utf8');
    expect(opened).toMatch(new RegExp(`^${shared.daemon.url}/#token=[A-Za-z0-9_-]+$`));
    const token = tokenOf(opened);
    expect(token).not.toBe(adminToken());
    expect(run.stdout + run.stderr).not.toContain(token);
    expect(await exchange(token)).toEqual({ status: 201, userId: 'ann' });

    // Kept beside admin.token (0600) and reused: opening again issues no second token.
    const again = await tickler(['--user', 'ann', 'open'], env);
    expect(again.code).toBe(0);
    expect(tokenOf(fs.readFileSync(out, 'utf8'))).toBe(token);
    expect(await tokensOf('ann')).toHaveLength(1);
    const kept = fs.readdirSync(shared.daemon.dir).filter((f) => f.startsWith('web-'));
    expect(kept).toHaveLength(1);
    expect(fs.statSync(path.join(shared.daemon.dir, kept[0]!)).mode & 0o777).toBe(0o600);
  });

  it('prints the URL (with a user token, never the admin token) when no opener exists, or with --print', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tickler-no-opener-'));
    const run = await tickler(['--user', 'bo', 'open'], {
      ...shared.env,
      PATH: empty,
      BROWSER: undefined,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('no browser opener found');
    const url = run.stdout.trim();
    expect(url.startsWith(`${shared.daemon.url}/#token=`)).toBe(true);
    expect(run.stdout + run.stderr).not.toContain(adminToken());
    expect(await exchange(tokenOf(url))).toEqual({ status: 201, userId: 'bo' });

    const { dir, out } = openerOnPath();
    const printed = await tickler(['--json', '--user', 'bo', 'open', '--print'], {
      ...shared.env,
      PATH: dir,
    });
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout)).toEqual({ opened: false, url, user: 'bo' });
    expect(fs.existsSync(out)).toBe(false);
  });

  it('issues a new token when the kept one was revoked, and uses a user token given with --token as is', async () => {
    const { dir, out } = openerOnPath();
    const env = { ...shared.env, PATH: dir, BROWSER: undefined };
    expect((await tickler(['--user', 'cy', 'open'], env)).code).toBe(0);
    const first = tokenOf(fs.readFileSync(out, 'utf8'));
    const list = (await tokensOf('cy')) as { id: string }[];
    const revoke = await tickler(['--user', 'cy', 'token', 'revoke', list[0]!.id], env);
    expect(revoke.code).toBe(0);
    expect((await tickler(['--user', 'cy', 'open'], env)).code).toBe(0);
    const second = tokenOf(fs.readFileSync(out, 'utf8'));
    expect(second).not.toBe(first);
    expect(await exchange(second)).toMatchObject({ status: 201 });

    const own = await tickler(['--user', 'cy', '--token', second, 'open', '--print'], env);
    expect(own.code).toBe(0);
    expect(tokenOf(own.stdout.trim())).toBe(second);
  });
});
