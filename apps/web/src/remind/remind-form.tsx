import { useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { parseWhen, schedule } from '../api/reminders';
import { type Subscription } from '../api/subscriptions';
import { browserTimeZone } from '../time/day-groups';
import { useWhenPreview, whenMessage } from '../time/use-when-preview';
import { ChannelFields, RepeatFields } from './remind-options';
import { channelsBody, type PickableChannel, repeatBody, type RepeatChoice } from './repeat-choice';

type Errors = { what?: string; when?: string; repeat?: string; channels?: string; other?: string };

/**
 * "Remind me": What and When (natural language, read by the daemon's parser in the browser's
 * zone with a live preview of the instant), Repeat (none, daily, weekdays, weekly, monthly, a
 * custom RRULE; in the browser's zone), and "Send by" when the person has push or email.
 * Errors appear next to the field the daemon named.
 */
export function RemindForm({
  userId,
  subscriptions,
  onScheduled,
}: {
  userId: string;
  subscriptions: readonly Subscription[];
  onScheduled: () => Promise<void>;
}) {
  const [repeat, setRepeat] = useState<RepeatChoice>('none');
  const [customRule, setCustomRule] = useState('');
  const [channels, setChannels] = useState<PickableChannel[] | null>(null);
  const [what, setWhat] = useState('');
  const [when, setWhen] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const timeZone = browserTimeZone();

  const live = useWhenPreview(when, timeZone);
  // A refusal at submit stands until the text changes; then the live reading speaks.
  const whenError = errors.when ?? live.error;

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      // Read again at submit: "in 10 minutes" means ten minutes from the press, not the preview.
      const resolved = await parseWhen(when, timeZone).catch((error: Error) => {
        throw new FieldError('when', whenMessage(error));
      });
      const picked = channelsBody(channels, subscriptions);
      if (picked !== undefined && picked.length === 0) {
        throw new FieldError('channels', 'Pick at least one way to send it.');
      }
      await schedule(userId, {
        title: what.trim(),
        message: '',
        scheduledAt: resolved.instant,
        repeat: repeatBody(repeat, customRule, timeZone),
        channels: picked,
      });
      setWhat('');
      setWhen('');
      setRepeat('none');
      setCustomRule('');
      setChannels(null);
      await onScheduled();
    } catch (error) {
      if (error instanceof FieldError) {
        setErrors({ [error.field]: error.message });
      } else if (error instanceof ApiError && error.fields.length > 0) {
        const named = {
          what: error.fieldMessage('title'),
          when: error.fieldMessage('scheduledAt'),
          repeat: fieldsUnder(error, 'repeat'),
          channels: fieldsUnder(error, 'channels'),
        };
        setErrors({
          ...named,
          other: Object.values(named).some(Boolean) ? undefined : error.message,
        });
      } else {
        setErrors({ other: (error as Error).message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      class="remind"
      aria-label="New reminder"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div class="field">
        <label for="remind-what">What</label>
        <input
          id="remind-what"
          value={what}
          required
          maxLength={200}
          placeholder="water the plants"
          aria-invalid={errors.what ? true : undefined}
          aria-describedby={errors.what ? 'remind-what-error' : undefined}
          onInput={(event) => setWhat(event.currentTarget.value)}
        />
        {errors.what && (
          <span id="remind-what-error" class="error">
            {errors.what}
          </span>
        )}
      </div>
      <div class="field">
        <label for="remind-when">When</label>
        <input
          id="remind-when"
          value={when}
          required
          maxLength={200}
          placeholder="tomorrow 9am"
          aria-invalid={whenError ? true : undefined}
          aria-describedby="remind-when-preview"
          onInput={(event) => {
            setWhen(event.currentTarget.value);
            setErrors((old) => ({ ...old, when: undefined }));
          }}
        />
        <span id="remind-when-preview" class={whenError ? 'error' : 'preview'} aria-live="polite">
          {whenError ?? live.preview ?? ''}
        </span>
      </div>
      <RepeatFields
        choice={repeat}
        customRule={customRule}
        onChoice={setRepeat}
        onCustomRule={setCustomRule}
        error={errors.repeat}
      />
      <ChannelFields
        subscriptions={subscriptions}
        picked={channels}
        onPicked={setChannels}
        error={errors.channels}
      />
      <button type="submit" disabled={busy}>
        Remind me
      </button>
      {errors.other && (
        <p role="alert" class="error">
          {errors.other}
        </p>
      )}
    </form>
  );
}

class FieldError extends Error {
  constructor(
    readonly field: 'what' | 'when' | 'channels',
    message: string,
  ) {
    super(message);
  }
}

/** The daemon's words about a field and its parts (`repeat`, `repeat.rule`), joined. */
function fieldsUnder(error: ApiError, field: string): string | undefined {
  const found = error.fields.filter((f) => f.path === field || f.path.startsWith(`${field}.`));
  return found.length === 0 ? undefined : found.map((f) => f.message).join('; ');
}
