import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import {
  addCalendar,
  type Calendar,
  removeCalendar,
  setCalendarEnabled,
  syncCalendar,
} from '../api/calendars';

function status(c: Calendar): string {
  if (!c.enabled) {
    return 'Off';
  }
  if (c.lastError !== null) {
    return c.lastError;
  }
  if (c.syncedAt === null) {
    return 'Waiting for its first sync';
  }
  const reminded =
    c.lastRemindedAt === null
      ? ''
      : ` · last reminded ${new Date(c.lastRemindedAt).toLocaleString()}`;
  return `${c.eventCount} events · ${c.reminderCount} reminders in the next 30 days${reminded}`;
}

/** One calendar: its state and its three actions. */
function CalendarRow({
  userId,
  calendar,
  highlighted,
  onChanged,
}: {
  userId: string;
  calendar: Calendar;
  highlighted: boolean;
  onChanged: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const run = (action: () => Promise<unknown>) => () =>
    void action().then(onChanged, (e: Error) => setError(e.message));
  return (
    <li
      class={highlighted ? 'row highlighted' : 'row'}
      id={`calendar-${calendar.id}`}
      tabIndex={highlighted ? -1 : undefined}
    >
      <span class="what">
        <span class="title">{calendar.name}</span>
        <span class="message">{calendar.source}</span>
        <span class={calendar.lastError === null ? 'message' : 'message error'}>
          {status(calendar)}
        </span>
        {error && (
          <span role="alert" class="error">
            {error}
          </span>
        )}
      </span>
      <span class="actions">
        <button
          type="button"
          class="secondary"
          aria-label={`Sync ${calendar.name}`}
          onClick={run(() => syncCalendar(userId, calendar.id))}
        >
          Sync
        </button>
        <button
          type="button"
          class="secondary"
          aria-label={`${calendar.enabled ? 'Turn off' : 'Turn on'} ${calendar.name}`}
          onClick={run(() => setCalendarEnabled(userId, calendar.id, !calendar.enabled))}
        >
          {calendar.enabled ? 'Turn off' : 'Turn on'}
        </button>
        <button
          type="button"
          class="secondary"
          aria-label={`Remove ${calendar.name}`}
          onClick={run(() => removeCalendar(userId, calendar.id))}
        >
          Remove
        </button>
      </span>
    </li>
  );
}

/** Adds a calendar by URL: the daemon's refusals land next to the field they name. */
function AddCalendarForm({ userId, onAdded }: { userId: string; onAdded: () => Promise<void> }) {
  const [source, setSource] = useState('');
  const [name, setName] = useState('');
  const [lead, setLead] = useState('15m');
  const [errors, setErrors] = useState<{
    source?: string;
    name?: string;
    lead?: string;
    other?: string;
  }>({});
  const submit = async () => {
    try {
      await addCalendar(userId, { source, name, lead });
      setSource('');
      setName('');
      setErrors({});
      await onAdded();
    } catch (error) {
      const e = error as Error;
      const field = (path: string) =>
        e instanceof ApiError
          ? (e.fieldMessage(path) ?? (e.message.startsWith(`${path}:`) ? e.message : undefined))
          : undefined;
      const named = { source: field('source'), name: field('name'), lead: field('lead') };
      setErrors({ ...named, other: Object.values(named).some(Boolean) ? undefined : e.message });
    }
  };
  return (
    <form
      class="edit"
      aria-label="Add a calendar"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label for="calendar-source">Calendar URL</label>
      <input
        id="calendar-source"
        value={source}
        maxLength={2000}
        required
        placeholder="https://… or webcal://… (the calendar app's secret address)"
        aria-invalid={errors.source ? true : undefined}
        onInput={(event) => setSource(event.currentTarget.value)}
      />
      {errors.source && <span class="error">{errors.source}</span>}
      <label for="calendar-name">Name</label>
      <input
        id="calendar-name"
        value={name}
        maxLength={100}
        required
        aria-invalid={errors.name ? true : undefined}
        onInput={(event) => setName(event.currentTarget.value)}
      />
      {errors.name && <span class="error">{errors.name}</span>}
      <label for="calendar-lead">Remind before</label>
      <input
        id="calendar-lead"
        value={lead}
        maxLength={200}
        aria-invalid={errors.lead ? true : undefined}
        onInput={(event) => setLead(event.currentTarget.value)}
      />
      {errors.lead && <span class="error">{errors.lead}</span>}
      {errors.other && (
        <span role="alert" class="error">
          {errors.other}
        </span>
      )}
      <span class="actions">
        <button type="submit">Add calendar</button>
      </span>
    </form>
  );
}

/** Settings › Calendars: the calendars whose events become reminders (seed 001 §5.2's opt-in). */
export function CalendarsSection({
  userId,
  calendars,
  highlight,
  reload,
}: {
  userId: string;
  calendars: readonly Calendar[];
  /** A calendar a reminder's badge opened: scrolled to and focused. */
  highlight: string | null;
  reload: () => Promise<void>;
}) {
  useEffect(() => {
    if (highlight !== null) {
      document.getElementById(`calendar-${highlight}`)?.focus();
    }
  }, [highlight, calendars]);
  return (
    <section class="calendars" aria-labelledby="calendars-heading">
      <h3 id="calendars-heading">Calendars</h3>
      {calendars.length === 0 ? (
        <p class="empty">No calendars yet: add one to be reminded of its events.</p>
      ) : (
        <ul>
          {calendars.map((c) => (
            <CalendarRow
              key={c.id}
              userId={userId}
              calendar={c}
              highlighted={c.id === highlight}
              onChanged={reload}
            />
          ))}
        </ul>
      )}
      <AddCalendarForm userId={userId} onAdded={reload} />
    </section>
  );
}
