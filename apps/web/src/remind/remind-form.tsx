import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { parseWhen, schedule } from '../api/reminders';
import { browserTimeZone, previewText } from '../time/day-groups';

/** Typing pauses this long before the daemon is asked for a preview. */
const PREVIEW_DELAY_MS = 250;

type Errors = { what?: string; when?: string; other?: string };

/**
 * "Remind me": What and When (natural language, read by the daemon's parser in the browser's
 * zone with a live preview of the instant). Errors appear next to the field the daemon named.
 */
export function RemindForm({
  userId,
  onScheduled,
}: {
  userId: string;
  onScheduled: () => Promise<void>;
}) {
  const [what, setWhat] = useState('');
  const [when, setWhen] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const timeZone = browserTimeZone();

  useEffect(() => {
    setPreview(null);
    if (when.trim() === '') {
      setErrors((old) => ({ ...old, when: undefined }));
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      parseWhen(when, timeZone).then(
        (resolved) => {
          if (current) {
            setPreview(previewText(resolved.instant, Date.now(), timeZone));
            setErrors((old) => ({ ...old, when: undefined }));
          }
        },
        (error: Error) => {
          if (current) {
            setErrors((old) => ({ ...old, when: messageFor(error, 'when') }));
          }
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [when, timeZone]);

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      // Read again at submit: "in 10 minutes" means ten minutes from the press, not the preview.
      const resolved = await parseWhen(when, timeZone).catch((error: Error) => {
        throw new FieldError('when', messageFor(error, 'when'));
      });
      await schedule(userId, { title: what.trim(), message: '', scheduledAt: resolved.instant });
      setWhat('');
      setWhen('');
      await onScheduled();
    } catch (error) {
      if (error instanceof FieldError) {
        setErrors({ [error.field]: error.message });
      } else if (error instanceof ApiError && error.fields.length > 0) {
        setErrors({
          what: error.fieldMessage('title'),
          when: error.fieldMessage('scheduledAt'),
          other:
            error.fieldMessage('title') || error.fieldMessage('scheduledAt')
              ? undefined
              : error.message,
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
          aria-invalid={errors.when ? true : undefined}
          aria-describedby="remind-when-preview"
          onInput={(event) => setWhen(event.currentTarget.value)}
        />
        <span id="remind-when-preview" class={errors.when ? 'error' : 'preview'} aria-live="polite">
          {errors.when ?? preview ?? ''}
        </span>
      </div>
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
    readonly field: 'what' | 'when',
    message: string,
  ) {
    super(message);
  }
}

/** The daemon's words about one field, else its message. */
function messageFor(error: Error, field: string): string {
  return error instanceof ApiError ? (error.fieldMessage(field) ?? error.message) : error.message;
}
