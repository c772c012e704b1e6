import { type Subscription } from '../api/subscriptions';
import {
  defaultChannels,
  offeredChannels,
  type PickableChannel,
  REPEAT_CHOICES,
  type RepeatChoice,
} from './repeat-choice';

const CHANNEL_LABELS: Readonly<Record<PickableChannel, string>> = {
  inbox: 'Inbox',
  push: 'Push',
  email: 'Email',
};

/** The Repeat picker, and the RRULE field when "Custom" is chosen; errors beside each. */
export function RepeatFields({
  idPrefix = 'remind',
  noneLabel,
  choice,
  customRule,
  onChoice,
  onCustomRule,
  error,
}: {
  /** Prefix of the fields' ids (the new-reminder form's, or an edited row's). */
  idPrefix?: string;
  /** The words for "no new repeat" (Edit of a series: "Unchanged"). */
  noneLabel?: string;
  choice: RepeatChoice;
  customRule: string;
  onChoice: (choice: RepeatChoice) => void;
  onCustomRule: (rule: string) => void;
  error: string | undefined;
}) {
  return (
    <>
      <div class="field repeat-field">
        <label for={`${idPrefix}-repeat`}>Repeat</label>
        <select
          id={`${idPrefix}-repeat`}
          value={choice}
          aria-invalid={error && choice !== 'custom' ? true : undefined}
          onChange={(event) => onChoice(event.currentTarget.value as RepeatChoice)}
        >
          {REPEAT_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.value === 'none' ? (noneLabel ?? c.label) : c.label}
            </option>
          ))}
        </select>
        {error && choice !== 'custom' && <span class="error">{error}</span>}
      </div>
      {choice === 'custom' && (
        <div class="field rrule-field">
          <label for={`${idPrefix}-rrule`}>RRULE</label>
          <input
            id={`${idPrefix}-rrule`}
            value={customRule}
            required
            maxLength={500}
            placeholder="FREQ=WEEKLY;BYDAY=MO,WE"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${idPrefix}-rrule-error` : undefined}
            onInput={(event) => onCustomRule(event.currentTarget.value)}
          />
          {error && (
            <span id={`${idPrefix}-rrule-error`} class="error">
              {error}
            </span>
          )}
        </div>
      )}
    </>
  );
}

/**
 * "Send by": shown only when the person has push or email (otherwise the inbox is all there
 * is). Starts at the daemon's default set; `picked` stays null until the person changes it.
 */
export function ChannelFields({
  subscriptions,
  picked,
  onPicked,
  error,
}: {
  subscriptions: readonly Subscription[];
  picked: readonly PickableChannel[] | null;
  onPicked: (picked: PickableChannel[]) => void;
  error: string | undefined;
}) {
  const offered = offeredChannels(subscriptions);
  if (offered.length === 0) {
    return null;
  }
  const current = picked ?? defaultChannels(subscriptions);
  return (
    <fieldset class="channels" aria-describedby={error ? 'remind-channels-error' : undefined}>
      <legend>Send by</legend>
      {offered.map((kind) => (
        <label key={kind}>
          <input
            type="checkbox"
            checked={current.includes(kind)}
            onChange={(event) =>
              onPicked(
                event.currentTarget.checked
                  ? offered.filter((k) => k === kind || current.includes(k))
                  : current.filter((k) => k !== kind),
              )
            }
          />{' '}
          {CHANNEL_LABELS[kind]}
        </label>
      ))}
      {error && (
        <span id="remind-channels-error" class="error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
