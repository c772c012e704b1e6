import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { cancel } from '../api/reminders';
import { type Notification } from '../api/types';
import { memo } from '../memo';
import { timeOfDay } from '../time/day-groups';
import { sourceRowId } from '../settings/preferences-section';
import { CalendarLinksContext } from '../use-calendars';
import { EditRow } from './edit-row';

/** How a recurring reminder repeats ("every weekday at 09:00"), when the daemon says so. */
function repeatSummary(row: Notification): string | null {
  return row.repeat ? (row.repeat.description ?? row.repeat.rule) : null;
}

/** What the tab is told after a cancel: the row, and whether the daemon can undo it. */
export type CanceledRow = (row: Notification, undoable: boolean) => Promise<void>;

/**
 * One upcoming reminder. A person's own rows can be edited and canceled; an app's rows carry
 * the app's badge and can only be canceled (editing one is undone by the app's next reconcile).
 * Cancel of a repeating reminder asks: this one or the whole series (issue 31).
 */
export const ScheduledRow = memo(function ScheduledRow({
  userId,
  row,
  timeZone,
  onChanged,
  onCanceled,
  focused = false,
}: {
  userId: string;
  row: Notification;
  timeZone: string;
  onChanged: () => Promise<void>;
  onCanceled: CanceledRow;
  /** Takes the keyboard focus (on its Cancel button): the row an Undo just restored. */
  focused?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  // On a phone the actions fold behind one button (issue 31: Edit and Cancel on every row left
  // room for three reminders); wider screens show them and never this toggle (CSS).
  const [menuOpen, setMenuOpen] = useState(false);
  const actions = useRef<HTMLSpanElement>(null);
  const [error, setError] = useState<string | null>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focused) {
      cancelButton.current?.focus();
    }
  }, [focused]);
  const repeat = repeatSummary(row);
  // Opened, the menu's first action takes the focus (where the person is going next).
  useEffect(() => {
    if (menuOpen) {
      actions.current?.querySelector('button')?.focus();
    }
  }, [menuOpen]);
  // The question replaces the Cancel button: focus goes to its first answer, not to <body>.
  useEffect(() => {
    if (asking) {
      firstChoice.current?.focus();
    }
  }, [asking]);
  const cancelAs = (scope: 'this' | 'series') =>
    void cancel(userId, row.id, scope).then(
      // The daemon can undo a one-off's cancel; an occurrence's series has already moved on.
      () => onCanceled(row, repeat === null),
      (e: Error) => setError(e.message),
    );
  if (editing) {
    return (
      <EditRow
        userId={userId}
        row={row}
        onDone={async (changed) => {
          setEditing(false);
          if (changed) {
            await onChanged();
          }
        }}
      />
    );
  }
  return (
    <li class={menuOpen ? 'row folding menu-open' : 'row folding'} data-id={row.id}>
      <span class="time">{timeOfDay(row.scheduledAt!, timeZone)}</span>
      <span class="what">
        <span class="title">{row.title}</span>
        {row.message && <span class="message">{row.message}</span>}
        {repeat && <span class="repeat">Repeats: {repeat}</span>}
        {error && (
          <span role="alert" class="error">
            {error}
          </span>
        )}
      </span>
      {row.source && <SourceBadge source={row.source} />}
      <button
        type="button"
        class="secondary menu-toggle"
        aria-expanded={menuOpen}
        aria-label={`Actions for ${row.title}`}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        ⋯
      </button>
      <span class="actions" ref={actions}>
        {row.source === null && !asking && (
          <button
            type="button"
            class="secondary"
            aria-label={`Edit ${row.title}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
        )}
        {asking ? (
          <span class="actions" role="group" aria-label={`Cancel which of ${row.title}?`}>
            <button
              ref={firstChoice}
              type="button"
              class="secondary"
              aria-label={`Cancel only this one of ${row.title}`}
              onClick={() => cancelAs('this')}
            >
              This one
            </button>
            <button
              type="button"
              class="secondary"
              aria-label={`Cancel the whole series of ${row.title}`}
              onClick={() => cancelAs('series')}
            >
              The series
            </button>
            <button type="button" class="secondary" onClick={() => setAsking(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button
            ref={cancelButton}
            type="button"
            class="secondary"
            aria-label={`Cancel ${row.title}`}
            onClick={() => (repeat ? setAsking(true) : cancelAs('this'))}
          >
            Cancel
          </button>
        )}
      </span>
    </li>
  );
});

/**
 * An app row's badge. A calendar's reminder names its calendar and links to its settings (seed
 * 001 §5.2: the badge is the way to the opt-in behind the row — turn the calendar off there);
 * any other names its app and links to that source's channel preferences in Settings.
 */
function SourceBadge({ source }: { source: NonNullable<Notification['source']> }) {
  const links = useContext(CalendarLinksContext);
  const calendar =
    source.app === 'calendar' ? links.calendars.find((c) => c.id === source.collection) : undefined;
  if (calendar === undefined) {
    const name = source.app === 'calendar' ? 'Calendars' : source.app;
    return (
      <a
        class="badge"
        href={`#${sourceRowId(source.app)}`}
        aria-label={`From ${name}: open its preferences`}
        onClick={(event) => {
          event.preventDefault();
          links.openSource(source.app);
        }}
      >
        {name}
      </a>
    );
  }
  return (
    <a
      class="badge"
      href={`#calendar-${calendar.id}`}
      aria-label={`From calendar ${calendar.name}: open its settings`}
      onClick={(event) => {
        event.preventDefault();
        links.open(calendar.id);
      }}
    >
      {calendar.name}
    </a>
  );
}
