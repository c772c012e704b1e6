import fs from 'node:fs';

/** Removes this run's temp folders (databases, admin tokens). */
export default function globalTeardown(): void {
  const root = process.env.TICKLER_E2E_ROOT;
  if (root) {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
