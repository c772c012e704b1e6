import { useState } from 'preact/hooks';
import { markRead, parseWhen, snooze as snoozeItem } from '../api/reminders';
import { type InboxItem } from '../api/types';
import { browserTimeZone, dayKey, dayLabel, timeOfDay } from '../time/day-groups';
import { type TabProps } from '../use-reminders';

/** Only these open as links: a reminder's URL could be anything a caller stored. */
function safeLink(url: string | null): string | null {
  return url !== null && /^https?:\/\//i.test(url) ? url : null;
}

/**
 * Delivered reminders, unread first. Missed ones are never silently absent: the daemon writes one
 * inbox notice per catch-up ("2 reminders were missed while Tickler was off", with their titles),
 * shown here as a row like any other (issue 31: a banner repeated it above).
 */
export function InboxTab({ userId, state, reload }: TabProps) {
  const items = [...state.inbox].sort(
    (a, b) =>
      Number(a.readAt !== null) - Number(b.readAt !== null) ||
      b.createdAt.localeCompare(a.createdAt),
  );
  return (
    <div class="inbox">
      <h2 class="visually-hidden">Inbox</h2>
      {state.loaded && items.length === 0 && (
        <p class="empty">Nothing delivered yet. Reminders land here when they are due.</p>
      )}
      <ul>
        {items.map((item) => (
          <InboxRow key={item.id} userId={userId} item={item} onChanged={reload} />
        ))}
      </ul>
    </div>
  );
}

/** The presets: a duration goes to the daemon as is; words are read in the browser's zone. */
const SNOOZES: readonly { label: string; for?: string; when?: string }[] = [
  { label: '10 min', for: '10m' },
  { label: '1 hour', for: '1h' },
  { label: 'Tomorrow 9:00', when: 'tomorrow 9:00' },
];

function InboxRow({
  userId,
  item,
  onChanged,
}: {
  userId: string;
  item: InboxItem;
  onChanged: () => Promise<void>;
}) {
  const [snoozing, setSnoozing] = useState(false);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const timeZone = browserTimeZone();
  const link = safeLink(item.url);
  const day = dayLabel(dayKey(item.createdAt, timeZone), dayKey(Date.now(), timeZone));
  const snooze = async (choice: { for?: string; when?: string }) => {
    try {
      // The daemon's snooze: the same reminder again later, linked to this item, marked read.
      const body =
        choice.for !== undefined
          ? { for: choice.for }
          : { until: (await parseWhen(choice.when ?? '', timeZone)).instant };
      await snoozeItem(userId, item.id, body);
      setSnoozing(false);
      await onChanged();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <li class={item.readAt === null ? 'row unread' : 'row'}>
      <span class="time">
        {day === 'Today' ? '' : `${day} `}
        {timeOfDay(item.createdAt, timeZone)}
      </span>
      <span class="what">
        <span class="title">
          {link ? (
            <a href={link} target="_blank" rel="noopener noreferrer">
              {item.title}
            </a>
          ) : (
            item.title
          )}
        </span>
        {item.message && <span class="message">{item.message}</span>}
        {error && (
          <span role="alert" class="error">
            {error}
          </span>
        )}
        {snoozing && (
          <span class="snooze" role="group" aria-label={`Snooze ${item.title} until`}>
            {SNOOZES.map((s) => (
              <button key={s.label} type="button" class="secondary" onClick={() => void snooze(s)}>
                {s.label}
              </button>
            ))}
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void snooze({ when: custom });
              }}
            >
              <label for={`snooze-${item.id}`}>Custom</label>
              <input
                id={`snooze-${item.id}`}
                value={custom}
                maxLength={200}
                placeholder="friday 10am"
                onInput={(event) => setCustom(event.currentTarget.value)}
              />
              <button type="submit" class="secondary">
                Snooze until then
              </button>
            </form>
          </span>
        )}
      </span>
      <span class="actions">
        {item.readAt === null && (
          <button
            type="button"
            class="secondary"
            onClick={() =>
              void markRead(userId, item.id).then(onChanged, (e: Error) => setError(e.message))
            }
          >
            Mark read<span class="visually-hidden"> {item.title}</span>
          </button>
        )}
        <button
          type="button"
          class="secondary"
          aria-expanded={snoozing}
          onClick={() => setSnoozing(!snoozing)}
        >
          Snooze<span class="visually-hidden"> {item.title}</span>
        </button>
      </span>
    </li>
  );
}
