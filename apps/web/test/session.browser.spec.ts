import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Page } from 'playwright-core';
import { issueToken, newPage, signInByPasting, useWebSuite } from './support/web-daemon';

// Signing in and out in Chromium, and what a hostile page or server on another port cannot do:
// the session is a cookie (which every port of the host receives) and a key the page keeps in
// its origin's localStorage (which no other port can read); both are needed.

const suite = useWebSuite();
let token: string;
let bobToken: string;

beforeAll(async () => {
  token = await issueToken(suite.admin, 'alice');
  bobToken = await issueToken(suite.admin, 'bob');
});

/** GET /v1/session with a cookie header and the session's key, from outside the browser. */
async function sessionStatus(cookie: string, key: string | null): Promise<number> {
  const headers: Record<string, string> = { cookie };
  if (key !== null) {
    headers['x-tickler-session'] = key;
  }
  return (await fetch(`${suite.daemon.url}/v1/session`, { headers })).status;
}

/** The session's key the page keeps (null when none). */
function keyOf(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('tickler.sessionKey'));
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
    const key = await keyOf(page);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionStatus(`tickler_session=${cookie!.value}`, key)).toBe(200);
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
    const key = await keyOf(page);
    expect(await sessionStatus(header, key)).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('User token').waitFor();
    expect(await sessionStatus(header, key)).toBe(401);
    expect(
      (
        await fetch(`${suite.daemon.url}/v1/users/alice/notifications`, {
          headers: { cookie: header, 'x-tickler-session': key ?? '' },
        })
      ).status,
    ).toBe(401);
    expect(await context.cookies()).toEqual([]);
    expect(await keyOf(page)).toBeNull();
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
  it('a server on another port gets the cookie the browser sends it, and cannot use it (issue 29)', async () => {
    // Another origin on the same machine: cookies ignore ports, so the browser sends the
    // SameSite=Strict cookie to it too. It logs it — and has only half of the session.
    const logged: string[] = [];
    const evil = http.createServer((req, res) => {
      logged.push(req.headers.cookie ?? '');
      res.setHeader('content-type', 'text/html');
      res.end('<!doctype html><title>evil</title>');
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    const { context, page } = await newPage(suite.browser);
    try {
      await signInByPasting(page, suite.daemon.url, token);
      await page.goto(evilUrl);
      const stolen = /tickler_session=([A-Za-z0-9_-]+)/.exec(logged.join('; '))?.[1];
      expect(stolen).toBeDefined();
      // Its page cannot read the other half: localStorage belongs to the daemon's origin.
      expect(await keyOf(page)).toBeNull();
      await page.evaluate(async (target) => {
        await fetch(`${target}/v1/users/alice/notifications`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ title: 'planted by evil', message: '' }),
        }).catch(() => undefined);
      }, suite.daemon.url);
      // The logged cookie with the daemon's own Origin, from outside a browser (curl): 401.
      const direct = await fetch(`${suite.daemon.url}/v1/users/alice/notifications`, {
        method: 'POST',
        headers: {
          cookie: `tickler_session=${stolen!}`,
          origin: suite.daemon.url,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ title: 'planted by evil', message: '' }),
      });
      expect(direct.status).toBe(401);
      const list = await suite.admin.get<{ items: { title: string }[] }>(
        '/v1/users/alice/notifications',
      );
      expect(list.body.items.map((n) => n.title)).not.toContain('planted by evil');
    } finally {
      await context.close();
      await new Promise((resolve) => evil.close(resolve));
    }
  });

  it('a /#token= link while someone is signed in asks before it replaces them (login CSRF)', async () => {
    const { context, page } = await newPage(suite.browser);
    await signInByPasting(page, suite.daemon.url, token);
    await page.getByText('Signed in as alice').waitFor();
    // What a page on another origin can do: navigate this browser to a link with its token.
    await page.goto('about:blank');
    await page.goto(`${suite.daemon.url}/#token=${bobToken}`);
    const prompt = page.getByRole('alertdialog', { name: 'Sign in with this link?' });
    await prompt.waitFor();
    expect(page.url()).toBe(`${suite.daemon.url}/`); // the token left the address bar anyway
    const [cookie] = await context.cookies();
    const who = async () =>
      (
        await fetch(`${suite.daemon.url}/v1/session`, {
          headers: {
            cookie: `tickler_session=${cookie!.value}`,
            'x-tickler-session': (await keyOf(page)) ?? '',
          },
        })
      ).json() as Promise<{ userId: string }>;
    expect((await who()).userId).toBe('alice'); // nothing replaced while asking
    await page.getByRole('button', { name: 'Stay signed in as alice' }).click();
    await page.getByText('Signed in as alice').waitFor();
    expect((await who()).userId).toBe('alice');
    // Asked again, the person may switch on purpose.
    await page.goto('about:blank');
    await page.goto(`${suite.daemon.url}/#token=${bobToken}`);
    await page.getByRole('button', { name: 'Use the link’s token' }).click();
    await page.getByText('Signed in as bob').waitFor();
    await context.close();
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
