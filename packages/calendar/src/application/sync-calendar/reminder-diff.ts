import { type ReminderChanges, type StoredReminder } from '../ports/calendar.repository';
import { type PlannedReminder } from '../ports/ics-importer.port';

const FIELDS = [
  'instanceKey',
  'title',
  'message',
  'url',
  'scheduledAt',
  'eventAt',
  'expiresAt',
  'sendAt',
] as const satisfies readonly (keyof PlannedReminder)[];

function keyOf(r: { sourceKey: string; rule: string | null }): string {
  return `${r.sourceKey}\u0000${r.rule ?? ''}`;
}

/** The stored rows that go and the planned ones that are new or changed; empty when they match. */
export function diffReminders(
  stored: readonly StoredReminder[],
  planned: readonly PlannedReminder[],
): ReminderChanges {
  const byKey = new Map(stored.map((r) => [keyOf(r), r]));
  const put: PlannedReminder[] = [];
  for (const reminder of planned) {
    const key = keyOf(reminder);
    const old = byKey.get(key);
    byKey.delete(key);
    if (old === undefined || FIELDS.some((field) => old[field] !== reminder[field])) {
      put.push(reminder);
    }
  }
  const remove = [...byKey.values()].map((r) => ({ sourceKey: r.sourceKey, rule: r.rule }));
  return { remove, put };
}

/** Whether a diff changes nothing. */
export function isEmpty(changes: ReminderChanges): boolean {
  return changes.remove.length === 0 && changes.put.length === 0;
}
