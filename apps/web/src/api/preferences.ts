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
