import { type PlannedNotification } from './reconcile-scheduled/reconcile-scheduled.command';

/**
 * One plan entry per recipient: a row is one person's notification, so a household-wide
 * reminder is N entries with the same source key. Repeated recipients are kept once (the key
 * (recipient, source key, rule) may appear only once in a plan); order follows `recipients`.
 */
export function fanOut(
  entry: Omit<PlannedNotification, 'recipientId'> & { recipientId?: string },
  recipients: Iterable<string>,
): PlannedNotification[] {
  const { recipientId: _ignored, ...shared } = entry;
  const out: PlannedNotification[] = [];
  for (const recipientId of new Set(recipients)) {
    out.push({ ...shared, recipientId });
  }
  return out;
}
