import fs from 'node:fs';
import { type BrowserServer } from 'playwright-core';
import { CHROMIUM_SERVER } from './global-setup';

/** Stops the run's Chromium and removes this run's temp folders (databases, admin tokens). */
export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as Record<symbol, unknown>)[CHROMIUM_SERVER] as
    BrowserServer | undefined;
  await server?.close();
  const root = process.env.TICKLER_E2E_ROOT;
  if (root) {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
