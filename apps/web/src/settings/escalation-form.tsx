import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { setEscalation, type SourceEscalation } from '../api/preferences';
import { type Preferences } from '../api/types';

/** How a source's escalation reads on the page. */
export function escalationLine(escalate: SourceEscalation | null): string {
  return escalate === null
    ? 'No escalation'
    : `Escalates: unread after ${escalate.after}, sent again by ${escalate.channel}`;
}

/**
 * The daemon's words for one field of the escalation (`after`, `channel`), when it named it,
 * without the body's path in front: shown beside the field, the field says which it is.
 */
function fieldError(error: Error, field: 'after' | 'channel'): string | undefined {
  const path = `preferences.0.escalate.${field}`;
  if (!(error instanceof ApiError)) {
    return undefined;
  }
  const message =
    error.fieldMessage(path) ?? (error.message.startsWith(`${path}:`) ? error.message : undefined);
  return message?.replace(`${path}: `, '');
}

/**
 * One source's escalation in Settings › Notifications by source: what is set, a wait and a
 * channel to set it, and Clear. Saved on the source's inbox switch (only an inbox item can stay
 * unread), whose state is sent back unchanged.
 */
export function EscalationForm({
  userId,
  source,
  label,
  idBase,
  current,
  inboxOn,
  kinds,
  onSaved,
}: {
  userId: string;
  source: string;
  /** The source as the page names it (`Made by you`, `Calendars`, the app's id). */
  label: string;
  /** Prefix of the fields' ids (the source's row id). */
  idBase: string;
  current: SourceEscalation | null;
  inboxOn: boolean;
  /** The channels offered: the person's subscription kinds (and the stored one, if another). */
  kinds: readonly string[];
  onSaved: (next: Preferences) => void;
}) {
  const [after, setAfter] = useState(current?.after ?? '');
  const [channel, setChannel] = useState(current?.channel ?? '');
  const [errors, setErrors] = useState<{ after?: string; channel?: string; other?: string }>({});
  const afterField = useRef<HTMLInputElement>(null);
  // The stored escalation changed (saved, cleared, or read again): the fields show it.
  useEffect(() => {
    setAfter(current?.after ?? '');
    setChannel(current?.channel ?? '');
  }, [current?.after, current?.channel]);
  // Until one is picked, the first channel offered (the subscriptions may load after this row).
  const chosen = kinds.includes(channel) ? channel : (kinds[0] ?? '');
  const save = async (escalate: SourceEscalation | null) => {
    try {
      onSaved(await setEscalation(userId, source, inboxOn, escalate));
      setErrors({});
      if (escalate === null) {
        // The Clear button goes away with what it cleared: focus the wait, to type a new one.
        afterField.current?.focus();
      }
    } catch (error) {
      const e = error as Error;
      const named = { after: fieldError(e, 'after'), channel: fieldError(e, 'channel') };
      setErrors({ ...named, other: named.after || named.channel ? undefined : e.message });
    }
  };
  return (
    <form
      class="escalation"
      aria-label={`Escalation for ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save({ after: after.trim(), channel: chosen });
      }}
    >
      <span class="message">{escalationLine(current)}</span>
      <label>
        Escalate after
        <input
          ref={afterField}
          aria-label={`Escalate after for ${label}`}
          value={after}
          required
          size={5}
          maxLength={32}
          placeholder="1h"
          aria-invalid={errors.after ? true : undefined}
          aria-describedby={errors.after ? `${idBase}-after-error` : undefined}
          onInput={(event) => setAfter(event.currentTarget.value)}
        />
      </label>
      <label>
        by
        <select
          aria-label={`Escalate by for ${label}`}
          value={chosen}
          aria-invalid={errors.channel ? true : undefined}
          aria-describedby={errors.channel ? `${idBase}-channel-error` : undefined}
          onChange={(event) => setChannel(event.currentTarget.value)}
        >
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" class="secondary" aria-label={`Set escalation for ${label}`}>
        Set
      </button>
      {current !== null && (
        <button
          type="button"
          class="secondary"
          aria-label={`Clear escalation for ${label}`}
          onClick={() => void save(null)}
        >
          Clear
        </button>
      )}
      {errors.after && (
        <span id={`${idBase}-after-error`} class="error">
          {errors.after}
        </span>
      )}
      {errors.channel && (
        <span id={`${idBase}-channel-error`} class="error">
          {errors.channel}
        </span>
      )}
      {errors.other && (
        <span role="alert" class="error">
          {errors.other}
        </span>
      )}
    </form>
  );
}
