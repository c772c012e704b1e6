import { type Clock } from '../clock/clock';
import { type Transaction, type UnitOfWork } from '../database/unit-of-work';
import { toIsoUtc } from '../domain';
import { type Logger } from '../logger';
import { type QueueStore } from './queue-store';

/**
 * Waits for the cycle in flight, but no longer than `deadlineMs` of real time: shutdown must
 * end even when a handler hangs or a test clock is frozen.
 */
export async function waitForCycle(
  running: Promise<void> | undefined,
  deadlineMs: number,
): Promise<void> {
  if (!running) {
    return;
  }
  let timeout: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timeout = setTimeout(resolve, deadlineMs);
  });
  await Promise.race([running.catch(() => undefined), deadline]);
  clearTimeout(timeout);
}

/**
 * Gives back every claim held under `tokens`: `pending`, due now, the attempt not counted, so
 * another process (or the next start) runs it at once; a keyed row whose key another pending
 * row took meanwhile is folded into that row instead (brought forward to now). Tokens of batches that finished during
 * the wait may still be listed; only rows actually given back are worth a warning.
 */
export async function releaseHeld(
  store: QueueStore,
  uow: UnitOfWork,
  clock: Clock,
  logger: Logger,
  tokens: readonly string[],
  announce: (tx: Transaction, runAt: string) => Promise<void>,
): Promise<number> {
  if (tokens.length === 0) {
    return 0;
  }
  const released = await uow.run(async (tx) => {
    const now = toIsoUtc(clock.now());
    const merged = await store.mergeHeldIntoPendingSiblings(tx.db, tokens, now);
    const count = merged + (await store.release(tx.db, tokens, now));
    if (count > 0) {
      // Another process on the same PostgreSQL database picks the released rows up at once.
      await announce(tx, now);
    }
    return count;
  });
  if (released > 0) {
    logger.warn({ released }, 'queue stopped with work in flight; released its claims');
  }
  return released;
}
