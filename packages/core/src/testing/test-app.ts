import { ManualClock } from '../clock/manual-clock';
import { Application, type ApplicationOptions } from '../context/application';
import { type BoundedContext } from '../context/bounded-context';
import { openTestDatabase } from './test-database';

/** Fixed reference time used by tests unless they need another. */
export const REFERENCE_TIME = '2026-09-10T08:30:00.000Z';

/**
 * An application on a fresh in-memory (or given) SQLite database with a manual clock; with
 * `TICKLER_TEST_DB=postgres`, on a fresh PostgreSQL schema (the same one for the same `file`). Tests
 * move time with `clock.advance(ms)`; the queue's timers fire and settle inside that call.
 */
export async function createTestApplication(
  contexts: readonly BoundedContext[] = [],
  options: Partial<Omit<ApplicationOptions, 'contexts'>> & { file?: string; start?: string } = {},
): Promise<{ app: Application; clock: ManualClock }> {
  const clock =
    options.clock instanceof ManualClock
      ? options.clock
      : new ManualClock(options.start ?? REFERENCE_TIME);
  const app = await Application.create({
    ...options,
    database:
      options.database ??
      (await openTestDatabase({
        ...(options.file !== undefined ? { file: options.file } : {}),
        contexts,
      })),
    contexts,
    clock,
  });
  return { app, clock };
}
