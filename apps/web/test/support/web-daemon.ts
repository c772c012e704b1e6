import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { connectChromium } from './chromium';
import { Api, DaemonChild } from './daemon-child';

export { Api, type DaemonChild as DaemonProcess };

/** The zone the browser runs in: day headings and "tomorrow 9am" are read in it. */
export const BROWSER_ZONE = 'Europe/Berlin';

/** A real daemon serving the built page (apps/web/dist, its default), on a temp database. */
export async function startWebDaemon(
  env: Record<string, string> = {},
): Promise<{ daemon: DaemonChild; admin: Api }> {
  const daemon = await new DaemonChild(DaemonChild.tempDir(), env).start();
  return { daemon, admin: new Api(daemon.url, daemon.adminToken) };
}

/** Issues a user token (what a person pastes). */
export async function issueToken(admin: Api, userId: string): Promise<string> {
  const res = await admin.post<{ token: string }>(`/v1/users/${userId}/tokens`);
  if (res.status !== 201) {
    throw new Error(`token for ${userId}: ${res.status}`);
  }
  return res.body.token;
}

/** A fresh browser profile (no cookies) in the test zone, optionally dark. */
export async function newPage(
  browser: Browser,
  options: { dark?: boolean; width?: number } = {},
): Promise<{ context: BrowserContext; page: Page; cspErrors: string[] }> {
  const context = await browser.newContext({
    timezoneId: BROWSER_ZONE,
    locale: 'en-GB',
    colorScheme: options.dark ? 'dark' : 'light',
    viewport: { width: options.width ?? 900, height: 900 },
  });
  const page = await context.newPage();
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      cspErrors.push(message.text());
    }
  });
  return { context, page, cspErrors };
}

/** Signs in by pasting the token into the form. */
export async function signInByPasting(page: Page, url: string, token: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('User token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Scheduled' }).waitFor();
}

/** What a browser suite shares: one daemon, its admin client, the run's Chromium. */
export interface WebSuite {
  daemon: DaemonChild;
  admin: Api;
  browser: Browser;
}

/**
 * Starts the daemon and connects to the run's Chromium before the file's tests, and stops the
 * daemon and closes the connection after (the browser's contexts with it); read the fields
 * inside tests (they are filled in `beforeAll`). `env` is read in `beforeAll`, after the
 * file's earlier `beforeAll`s (a stand-in the daemon must trust can start there).
 */
export function useWebSuite(env: () => Record<string, string> = () => ({})): WebSuite {
  const suite = {} as WebSuite;
  beforeAll(async () => {
    Object.assign(suite, await startWebDaemon(env()));
    suite.browser = await connectChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.daemon?.terminate();
  });
  return suite;
}
