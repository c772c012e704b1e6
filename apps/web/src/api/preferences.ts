import { api } from './client';
import { type Preferences } from './types';

const path = (userId: string) => `/v1/users/${encodeURIComponent(userId)}/preferences`;

/** The user's channel switches per source (everything not listed is on). */
export function getPreferences(userId: string): Promise<Preferences> {
  return api<Preferences>('GET', path(userId));
}

/** Turns one channel on or off for one source; answers every switch after the change. */
export function setPreference(
  userId: string,
  source: string,
  channel: string,
  enabled: boolean,
): Promise<Preferences> {
  return api<Preferences>('PUT', path(userId), { preferences: [{ source, channel, enabled }] });
}

/** A source's escalation: still unread `after` its firing, a reminder is sent again by `channel`. */
export interface SourceEscalation {
  after: string;
  channel: string;
}

/**
 * Sets (or with `null` clears) a source's escalation. It rides on the source's inbox switch (only
 * an inbox item can stay unread), whose state `inboxOn` is sent back as it is.
 */
export function setEscalation(
  userId: string,
  source: string,
  inboxOn: boolean,
  escalate: SourceEscalation | null,
): Promise<Preferences> {
  return api<Preferences>('PUT', path(userId), {
    preferences: [{ source, channel: 'inbox', enabled: inboxOn, escalate }],
  });
}
