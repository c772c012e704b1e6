import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Signing in and out in Chromium, and what a hostile page cannot do with the cookie.

const suite = useWebSuite();
let token: string;

beforeAll(async () => {
  token = await issueToken(suite.admin, 'alice');
});

/** GET /v1/session with a cookie header, from outside the browser. */
async function sessionStatus(cookie: string): Promise<number> {
  return (await fetch(`${suite.daemon.url}/v1/session`, { headers: { cookie } })).status;
}

describe('sign-in and sign-out', () => {
  it('signs in from /#token=…, removes the token from the URL, and keeps it out of the page', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.daemon.url}/#token=${token}`);
    await page.getByRole('tab', { name: 'Scheduled' }).waitFor();
    expect(page.url()).toBe(`${suite.daemon.url}/`);
    expect(await page.evaluate(() => document.cookie)).toBe(''); // httpOnly: no script sees it
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'tickler_session', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.value).not.toBe(token);
    // replaceState: the history entry holding the token is gone, not merely left behind.
    await page.goBack();
    expect(page.url()).not.toContain(token);
    await context.close();
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    const [cookie] = await context.cookies();
    const header = `tickler_session=${cookie!.value}`;
    expect(await sessionStatus(header)).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('User token').waitFor();
    expect(await sessionStatus(header)).toBe(401);
    expect(
      (
        await fetch(`${suite.daemon.url}/v1/users/alice/notifications`, {
          headers: { cookie: header },
        })
      ).status,
    ).toBe(401);
    expect(await context.cookies()).toEqual([]);
    await page.reload();
    await page.getByLabel('User token').waitFor();
    await context.close();
  });

  it('refuses a bad token in the form with the daemon’s message', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(suite.daemon.url);
    await page.getByLabel('User token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /unknown|token/ })
      .waitFor();
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });
});

describe('a hostile page', () => {
  it('cannot make the signed-in browser schedule a reminder (cross-origin POST with the cookie: 403)', async () => {
    // Another origin on the same machine: same site for cookies (ports do not count), so the
    // browser does attach the SameSite=Strict cookie — the Origin check is what refuses it.
    const evil = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>evil</title>');
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    const { context, page } = await newPage(suite.browser);
    try {
      await signInByPasting(page, suite.daemon.url, token);
      await page.goto(evilUrl);
      await page.evaluate(async (target) => {
        await fetch(`${target}/v1/users/alice/notifications`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ title: 'planted by evil', message: '' }),
        }).catch(() => undefined);
      }, suite.daemon.url);
      const list = await suite.admin.get<{ items: { title: string }[] }>(
        '/v1/users/alice/notifications',
      );
      expect(list.body.items.map((n) => n.title)).not.toContain('planted by evil');
      // The same request from outside a browser, with the cookie and the evil Origin: 403.
      const [cookie] = await context.cookies(suite.daemon.url);
      const direct = await fetch(`${suite.daemon.url}/v1/users/alice/notifications`, {
        method: 'POST',
        headers: {
          cookie: `tickler_session=${cookie!.value}`,
          origin: evilUrl,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ title: 'planted by evil', message: '' }),
      });
      expect(direct.status).toBe(403);
      expect(((await direct.json()) as { error: { code: string } }).error.code).toBe(
        'AUTH.CROSS_ORIGIN',
      );
    } finally {
      await context.close();
      await new Promise((resolve) => evil.close(resolve));
    }
  });

  it('gets the page with a CSP that has no unsafe-inline, and the page runs under it', async () => {
    const { context, page, cspErrors } = await newPage(suite.browser);
    const response = await page.goto(suite.daemon.url);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(headers['x-frame-options']).toBe('DENY');
    await page.getByLabel('User token').waitFor();
    expect(cspErrors).toEqual([]);
    await context.close();
  });
});
