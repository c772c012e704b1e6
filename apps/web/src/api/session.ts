import { api, ApiError, sessionKey } from './client';
import { type SessionView, type StartedSession } from './types';
import { shareSessionKeyWithWorker } from '../push/worker-session';

/** Who the session is signed in as, or null (no live session, or no key kept here). */
export async function currentSession(): Promise<SessionView | null> {
  if (sessionKey.get() === null) {
    return null;
  }
  try {
    const session = await api<SessionView>('GET', '/v1/session');
    // A key kept before the worker read its copy (or a cleared cache) is shared again.
    shareSessionKeyWithWorker(sessionKey.get());
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      sessionKey.clear();
      return null;
    }
    throw error;
  }
}

/**
 * Exchanges a user token for a session: the daemon sets its cookie, the page keeps its key in
 * this origin's storage; the token is not kept anywhere.
 */
export async function signIn(token: string): Promise<SessionView> {
  const started = await api<StartedSession>('POST', '/v1/session', {
    token: token.trim(),
  });
  sessionKey.set(started.sessionKey);
  return { userId: started.userId, expiresAt: started.expiresAt };
}

/** Ends the session on the daemon (it stops working everywhere) and forgets its key here. */
export async function signOut(): Promise<void> {
  try {
    await api<void>('DELETE', '/v1/session');
  } finally {
    sessionKey.clear();
  }
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
