import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`); `CHROMIUM_PATH` points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Starts headless Chromium. Playwright's own browser downloads cannot work offline, so this is
 * always the system binary — and when it cannot start, the suite fails (it never skips).
 */
export async function launchChromium(): Promise<Browser> {
  try {
    return await chromium.launch({
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
  } catch (error) {
    throw new Error(
      `Chromium did not start from ${CHROMIUM_PATH} (install it: apt-get install -y chromium, or set CHROMIUM_PATH): ${(error as Error).message}`,
    );
  }
}
