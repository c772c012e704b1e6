import { useEffect, useState } from 'preact/hooks';
import { getPreferences, setPreference } from '../api/preferences';
import { type Subscription, usable } from '../api/subscriptions';
import { type Notification, type Preferences } from '../api/types';
import { EscalationForm } from './escalation-form';

/** The source name of reminders the person made (the daemon says it too: `personSource`). */
const PERSON = '@person';

/** How a source reads on the page: the person's own, the calendars, or the app's id. */
export function sourceLabel(source: string): string {
  if (source === PERSON) {
    return 'Made by you';
  }
  return source === 'calendar' ? 'Calendars' : source;
}

/** The id of a source's row (a reminder's badge opens it). */
export function sourceRowId(source: string): string {
  return `preferences-${encodeURIComponent(source).replace(/%/g, '_')}`;
}

/** The sources to list: the person's own, those of their reminders, those set, the one opened. */
function sourcesOf(
  preferences: Preferences | null,
  reminders: readonly Notification[],
  opened: string | null,
): string[] {
  const apps = new Set<string>();
  for (const r of reminders) {
    if (r.source) {
      apps.add(r.source.app);
    }
  }
  for (const p of preferences?.preferences ?? []) {
    apps.add(p.source);
  }
  if (opened !== null) {
    apps.add(opened);
  }
  apps.delete(PERSON);
  return [PERSON, ...[...apps].sort()];
}

/** The channels the person has: the inbox and the kinds of their usable subscriptions. */
function channelsOf(subscriptions: readonly Subscription[]): string[] {
  return ['inbox', ...[...new Set(usable(subscriptions).map((s) => s.kind))].sort()];
}

/** The channels an escalation may offer: the person's subscription kinds, and the stored one. */
function escalationKinds(channels: readonly string[], stored: string | undefined): string[] {
  const kinds = channels.filter((c) => c !== 'inbox');
  return stored === undefined || kinds.includes(stored) ? kinds : [...kinds, stored];
}

/**
 * Settings › Notifications by source: one row per source, one switch per channel the person
 * has, and the source's escalation. A channel turned off is not sent for that source; with
 * every channel off a reminder is settled as missed ("preferences") instead of sent.
 */
export function PreferencesSection({
  userId,
  reminders,
  subscriptions,
  highlight,
}: {
  userId: string;
  reminders: readonly Notification[];
  subscriptions: readonly Subscription[];
  /** A source a reminder's badge opened: listed, scrolled to and focused. */
  highlight: string | null;
}) {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getPreferences(userId).then(setPreferences, (e: Error) => setError(e.message));
  }, [userId]);
  useEffect(() => {
    if (highlight !== null && preferences !== null) {
      document.getElementById(sourceRowId(highlight))?.focus();
    }
  }, [highlight, preferences]);
  const channels = channelsOf(subscriptions);
  const isOn = (source: string, channel: string): boolean =>
    preferences?.preferences.find((p) => p.source === source && p.channel === channel)?.enabled ??
    preferences?.defaultEnabled ??
    true;
  const escalationOf = (source: string) =>
    preferences?.preferences.find((p) => p.source === source && p.channel === 'inbox')?.escalate ??
    null;
  const saved = (next: Preferences) => {
    setError(null);
    setPreferences(next);
  };
  const toggle = (source: string, channel: string, enabled: boolean) =>
    void setPreference(userId, source, channel, enabled).then(saved, (e: Error) =>
      setError(e.message),
    );
  return (
    <section class="preferences" aria-labelledby="preferences-heading">
      <h3 id="preferences-heading">Notifications by source</h3>
      <p class="empty">
        Everything is on until you turn it off. A reminder whose every channel is off is not sent:
        it is settled as missed (preferences). A source’s escalation sends its reminders again by
        another channel when they are still unread after a while (one of your subscriptions: push,
        email, a webhook or ntfy).
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <ul>
        {sourcesOf(preferences, reminders, highlight).map((source) => {
          const escalate = escalationOf(source);
          const kinds = escalationKinds(channels, escalate?.channel);
          return (
            <li
              key={source}
              id={sourceRowId(source)}
              class={source === highlight ? 'row highlighted' : 'row'}
              tabIndex={source === highlight ? -1 : undefined}
            >
              <span class="what">
                <span class="title">{sourceLabel(source)}</span>
              </span>
              <span class="actions">
                {channels.map((channel) => (
                  <label key={channel} class="switch">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={isOn(source, channel)}
                      disabled={preferences === null}
                      aria-label={`${channel} for ${sourceLabel(source)}`}
                      onChange={(event) => toggle(source, channel, event.currentTarget.checked)}
                    />
                    {channel}
                  </label>
                ))}
              </span>
              {preferences !== null && kinds.length > 0 && (
                <EscalationForm
                  userId={userId}
                  source={source}
                  label={sourceLabel(source)}
                  idBase={sourceRowId(source)}
                  current={escalate}
                  inboxOn={isOn(source, 'inbox')}
                  kinds={kinds}
                  onSaved={saved}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
