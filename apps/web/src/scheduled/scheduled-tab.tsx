import { useEffect, useMemo } from 'preact/hooks';
import { type Notification } from '../api/types';
import { RemindForm } from '../remind/remind-form';
import { browserTimeZone, groupByDay, timeOfDay } from '../time/day-groups';
import { type TabProps } from '../use-reminders';
import { ScheduledRow } from './scheduled-row';

/** Performance mark set once the Scheduled list has rendered with loaded data. */
export const SCHEDULED_RENDERED = 'tickler:scheduled-rendered';

/**
 * Seed 001 §3.2: what is queued for the person, sorted by send time and grouped by day in the
 * browser's zone; sent and canceled ones behind a disclosure.
 */
export function ScheduledTab({ userId, state, reload }: TabProps) {
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
  useEffect(() => {
    if (state.loaded) {
      // The browser suite reads this mark: first render of the loaded list, on the page's clock.
      performance.mark(SCHEDULED_RENDERED);
    }
  }, [state.loaded]);
  return (
    <div class="scheduled">
      <h2 class="visually-hidden">Scheduled</h2>
      <RemindForm userId={userId} onScheduled={reload} />
      {state.loaded && groups.length === 0 && (
        <p class="empty">
          Nothing scheduled. Add one above: type what to be reminded of under <b>What</b>, a time
          like “tomorrow 9am” under <b>When</b>, then press <b>Remind me</b>.
        </p>
      )}
      {groups.map((group) => (
        <section key={group.day} class="day" aria-labelledby={`day-${group.day}`}>
          <h3 id={`day-${group.day}`}>{group.label}</h3>
          <ul>
            {group.rows.map((row) => (
              <ScheduledRow
                key={row.id}
                userId={userId}
                row={row}
                timeZone={timeZone}
                onChanged={reload}
              />
            ))}
          </ul>
        </section>
      ))}
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
