import { api, ApiError } from './client';
import { type SessionView } from './types';

/** Who the cookie is signed in as, or null (no live session). */
export async function currentSession(): Promise<SessionView | null> {
  try {
    return await api<SessionView>('GET', '/v1/session');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return null;
    }
    throw error;
  }
}

/** Exchanges a user token for the session cookie; the token is not kept anywhere. */
export function signIn(token: string): Promise<SessionView> {
  return api<SessionView>('POST', '/v1/session', { token: token.trim() });
}

/** Ends the session on the daemon (the cookie stops working everywhere). */
export function signOut(): Promise<void> {
  return api<void>('DELETE', '/v1/session');
}

/**
 * The token a desktop app put in the URL (`/#token=…`), removed from the address bar and the
 * history entry at once so it is neither bookmarked nor shown.
 */
export function takeTokenFromUrl(): string | undefined {
  const match = /^#token=([A-Za-z0-9_-]{1,1000})$/.exec(window.location.hash);
  if (!match) {
    return undefined;
  }
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return match[1];
}
