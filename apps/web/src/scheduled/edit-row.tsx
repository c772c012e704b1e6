import { useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { edit, parseWhen } from '../api/reminders';
import { type Notification } from '../api/types';
import { RepeatFields } from '../remind/remind-options';
import { repeatBody, type RepeatChoice } from '../remind/repeat-choice';
import { browserTimeZone } from '../time/day-groups';
import { useWhenPreview } from '../time/use-when-preview';

type Errors = { title?: string; when?: string; repeat?: string; other?: string };

/**
 * Edit of a person's own reminder in place: the title, a new time (previewed as it is typed),
 * and the repeat (issue 31: Edit could not change it). A new repeat restarts the series from the
 * reminder's instant (the daemon's PATCH: a new `repeat` edits the series); "Unchanged" keeps
 * whatever it was.
 */
export function EditRow({
  userId,
  row,
  onDone,
}: {
  userId: string;
  row: Notification;
  onDone: (changed: boolean) => Promise<void>;
}) {
  const [title, setTitle] = useState(row.title);
  const [when, setWhen] = useState('');
  const [repeat, setRepeat] = useState<RepeatChoice>('none');
  const [customRule, setCustomRule] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const timeZone = browserTimeZone();
  const live = useWhenPreview(when, timeZone);
  const whenError = errors.when ?? live.error;
  const id = `edit-${row.id}`;
  const save = async () => {
    try {
      const scheduledAt =
        when.trim() === '' ? row.scheduledAt! : (await parseWhen(when, timeZone)).instant;
      const newRepeat = repeatBody(repeat, customRule, timeZone);
      await edit(userId, row.id, {
        title,
        scheduledAt,
        ...(newRepeat ? { repeat: newRepeat } : {}),
      });
      await onDone(true);
    } catch (error) {
      if (error instanceof ApiError) {
        const repeatProblems = error.fields.filter((f) => f.path.startsWith('repeat'));
        setErrors({
          title: error.fieldMessage('title'),
          when: error.fieldMessage('when') ?? error.fieldMessage('scheduledAt'),
          repeat: repeatProblems.map((f) => f.message).join('; ') || undefined,
          other: error.fields.length === 0 ? error.message : undefined,
        });
      } else {
        setErrors({ other: (error as Error).message });
      }
    }
  };
  return (
    <li class="row editing">
      <form
        class="edit"
        aria-label={`Edit ${row.title}`}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label for={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={200}
          required
          aria-invalid={errors.title ? true : undefined}
          onInput={(event) => setTitle(event.currentTarget.value)}
        />
        {errors.title && <span class="error">{errors.title}</span>}
        <label for={`${id}-when`}>New time</label>
        <input
          id={`${id}-when`}
          value={when}
          maxLength={200}
          placeholder="unchanged, or e.g. friday 10am"
          aria-invalid={whenError ? true : undefined}
          aria-describedby={`${id}-when-preview`}
          onInput={(event) => {
            setWhen(event.currentTarget.value);
            setErrors((old) => ({ ...old, when: undefined }));
          }}
        />
        <span id={`${id}-when-preview`} class={whenError ? 'error' : 'preview'} aria-live="polite">
          {whenError ?? live.preview ?? ''}
        </span>
        <RepeatFields
          idPrefix={id}
          noneLabel={row.repeat ? 'Unchanged' : 'Does not repeat'}
          choice={repeat}
          customRule={customRule}
          onChoice={setRepeat}
          onCustomRule={setCustomRule}
          error={errors.repeat}
        />
        {errors.other && (
          <span role="alert" class="error">
            {errors.other}
          </span>
        )}
        <span class="actions">
          <button type="submit">Save</button>
          <button type="button" class="secondary" onClick={() => void onDone(false)}>
            Discard
          </button>
        </span>
      </form>
    </li>
  );
}
