import { DEFAULT_ENABLED, PERSON_SOURCE } from '../domain/channel-preference';
import { type StoredPreference } from './ports/preference.repository';
import { afterText } from '../../shared/domain/escalation-rule';

/** One switch as the outside world sees it. */
export interface PreferenceView {
  source: string;
  channel: string;
  enabled: boolean;
  /** ISO UTC instant it was last set. */
  updatedAt: string;
  /** On an inbox switch: the source's escalation (`{"after":"1h","channel":"email"}`); else null. */
  escalate: { after: string; channel: string } | null;
}

/**
 * A person's channel preferences: the switches they set (anything not listed is
 * `defaultEnabled`), and the source name standing for reminders they made themselves.
 */
export interface PreferencesView {
  recipientId: string;
  defaultEnabled: boolean;
  personSource: string;
  preferences: PreferenceView[];
}

/** Stored switches → the view. */
export function toPreferencesView(
  recipientId: string,
  stored: readonly StoredPreference[],
): PreferencesView {
  return {
    recipientId,
    defaultEnabled: DEFAULT_ENABLED,
    personSource: PERSON_SOURCE,
    preferences: stored.map((p) => ({
      source: p.source,
      channel: p.channel,
      enabled: p.enabled,
      updatedAt: p.updatedAt,
      escalate:
        p.escalation === null
          ? null
          : { after: afterText(p.escalation.afterMs), channel: p.escalation.channel },
    })),
  };
}
