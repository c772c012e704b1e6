import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { uncancel } from '../api/reminders';
import { useProgressiveCount } from './progressive-count';
import { type Notification } from '../api/types';
import { RemindForm } from '../remind/remind-form';
import { browserTimeZone, groupByDay, timeOfDay } from '../time/day-groups';
import { type TabProps } from '../use-reminders';
import { type CanceledRow, ScheduledRow } from './scheduled-row';
import { type ToastState, UndoToast } from './undo-toast';

/** Performance mark set once the Scheduled list has rendered with loaded data (first screen). */
export const SCHEDULED_RENDERED = 'tickler:scheduled-rendered';
/** Performance mark set once every loaded row is on the page. */
export const SCHEDULED_COMPLETE = 'tickler:scheduled-complete';

/**
 * Seed 001 §3.2: what is queued for the person, sorted by send time and grouped by day in the
 * browser's zone; sent and canceled ones behind a disclosure.
 */
export function ScheduledTab({ userId, state, reload, subscriptions }: TabProps) {
  const timeZone = browserTimeZone();
  const groups = useMemo(
    () =>
      groupByDay(
        state.scheduled.filter((n) => n.scheduledAt !== null),
        (n) => n.scheduledAt!,
        Date.now(),
        timeZone,
      ),
    [state.scheduled, timeZone],
  );
  const total = groups.reduce((sum, group) => sum + group.rows.length, 0);
  // The first screenful renders at once; the rest follows in idle time (a thousand rows are
  // some 15,000 DOM nodes: one long task that would hold the first paint and the keyboard).
  const limit = useProgressiveCount(total);
  useEffect(() => {
    if (state.loaded) {
      // The browser suite reads these marks: first render of the loaded list, and all of it.
      performance.mark(SCHEDULED_RENDERED);
    }
  }, [state.loaded]);
  const allShown = state.complete && limit >= total;
  useEffect(() => {
    if (allShown) {
      performance.mark(SCHEDULED_COMPLETE);
    }
  }, [allShown]);
  const [toast, setToast] = useState<ToastState | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const closeToast = useCallback(() => setToast(null), []);
  const onCanceled = useCallback<CanceledRow>(
    async (row, undoable) => {
      setToast({ id: row.id, title: row.title, undoable });
      await reload();
    },
    [reload],
  );
  const undo = async (id: string) => {
    setToast(null);
    await uncancel(userId, id);
    // Back where the person was: the restored row takes the focus once it is on the page.
    setRestored(id);
    await reload();
  };
  let budget = limit;
  return (
    <div class="scheduled">
      <h2 class="visually-hidden">Scheduled</h2>
      <RemindForm userId={userId} subscriptions={subscriptions} onScheduled={reload} />
      {state.loaded && groups.length === 0 && (
        <p class="empty">
          Nothing scheduled. Add one above: type what to be reminded of under <b>What</b>, a time
          like “tomorrow 9am” under <b>When</b>, then press <b>Remind me</b>.
        </p>
      )}
      {groups.map((group) => {
        if (budget <= 0) {
          return null;
        }
        const rows = group.rows.length <= budget ? group.rows : group.rows.slice(0, budget);
        budget -= rows.length;
        return (
          <section key={group.day} class="day" aria-labelledby={`day-${group.day}`}>
            <h3 id={`day-${group.day}`}>{group.label}</h3>
            <ul>
              {rows.map((row) => (
                <ScheduledRow
                  key={row.id}
                  userId={userId}
                  row={row}
                  timeZone={timeZone}
                  onChanged={reload}
                  onCanceled={onCanceled}
                  focused={row.id === restored}
                />
              ))}
            </ul>
          </section>
        );
      })}
      {toast && <UndoToast toast={toast} onUndo={() => void undo(toast.id)} onClose={closeToast} />}
      <details class="recent">
        <summary>Recently sent and canceled ({state.recent.length})</summary>
        <ul>
          {state.recent.map((row) => (
            <RecentRow key={row.id} row={row} timeZone={timeZone} />
          ))}
        </ul>
      </details>
    </div>
  );
}

function RecentRow({ row, timeZone }: { row: Notification; timeZone: string }) {
  const at = row.sentAt ?? row.updatedAt;
  return (
    <li class="row">
      <span class="time">{timeOfDay(at, timeZone)}</span>
      <span class="what">
        <span class="title">{row.title}</span>
        <span class="status">{row.status}</span>
      </span>
    </li>
  );
}
