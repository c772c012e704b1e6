import { type Browser, type BrowserServer, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`); `CHROMIUM_PATH` points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the run's one Chromium listens (set by the global setup for the test files). */
const ENDPOINT_VARIABLE = 'TICKLER_CHROMIUM_WS';

/**
 * Starts headless Chromium, once for the whole jest run (the global setup): every test file
 * connects to it and every test opens its own browser context (a fresh profile), so files share
 * the process as a file's tests always did, and the run pays one browser start instead of one
 * per file. Playwright's own browser downloads cannot work offline, so this is always the system
 * binary — and when it cannot start, the suite fails (it never skips).
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  try {
    const server = await chromium.launchServer({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    process.env[ENDPOINT_VARIABLE] = server.wsEndpoint();
    return server;
  } catch (error) {
    throw new Error(
      `Chromium did not start from ${CHROMIUM_PATH} (install it: apt-get install -y chromium, or set CHROMIUM_PATH): ${(error as Error).message}`,
    );
  }
}

/** A connection to the run's Chromium (see {@link launchChromiumServer}). */
export async function connectChromium(): Promise<Browser> {
  const endpoint = process.env[ENDPOINT_VARIABLE];
  if (endpoint === undefined) {
    throw new Error(
      `${ENDPOINT_VARIABLE} is not set: run the browser specs through jest -c apps/web/jest.config.js (its global setup starts Chromium)`,
    );
  }
  return chromium.connect(endpoint);
}
