import { EndSession, StartSession, type StartedSession } from '@tickler/auth';
import { AUTH_TOKENS, type Authenticator } from '@tickler/auth/context';
import { checkSameOrigin } from '../hardening/origin-guard';
import { HttpBoundaryError } from '../http.errors';
import { type RouteSpec } from '../route';
import { clearedSessionCookie, sessionCookie, sessionSecretOf } from '../session/session-cookie';

const SESSION = '/v1/session';

const SESSION_VIEW = {
  type: 'object',
  required: ['userId', 'expiresAt'],
  properties: {
    userId: { type: 'string' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
};

/**
 * Browser sessions: a page exchanges a user token for an httpOnly cookie (the token never stays
 * in the page), asks who it is signed in as, and signs out (the session ends on the server).
 * The cookie then reaches exactly the token's routes (build-server.ts).
 */
export function sessionRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: SESSION,
      operationId: 'startSession',
      summary:
        'Exchange a user token for a session cookie (httpOnly, SameSite=Strict, Secure over https) that acts exactly as the token. The admin token is refused (403). A browser request must come from this origin.',
      access: 'public',
      tag: 'auth',
      requestBody: 'StartSessionBody',
      secret: true,
      responses: { 201: { description: 'Signed in; the cookie is set.', schema: SESSION_VIEW } },
      errorStatuses: [400, 401, 403],
      handle: async ({ app, body, headers, https }) => {
        // A browser always sends Origin on a POST: one from another site must not sign its
        // visitor in (login CSRF). A client outside a browser sends none.
        if (headers.origin !== undefined) {
          checkSameOrigin(headers.origin, headers.host, https);
        }
        const session = (await app.bus.dispatchPlain(StartSession.type, body)) as StartedSession;
        const maxAgeMs = Date.parse(session.expiresAt) - app.clock.now().getTime();
        return {
          status: 201,
          body: { userId: session.userId, expiresAt: session.expiresAt },
          headers: { 'set-cookie': sessionCookie(session.secret, maxAgeMs, https) },
        };
      },
    },
    {
      method: 'GET',
      path: SESSION,
      operationId: 'getSession',
      summary: 'Who the session cookie is signed in as (401 without a live session).',
      access: 'public',
      tag: 'auth',
      responses: { 200: { description: 'The session.', schema: SESSION_VIEW } },
      errorStatuses: [401],
      handle: async ({ app, headers }) => {
        const authenticator = app.get<Authenticator>(AUTH_TOKENS.Authenticator);
        const session = await authenticator.sessionOf(sessionSecretOf(headers.cookie));
        if (session === undefined) {
          throw new HttpBoundaryError(
            'AUTH.UNAUTHENTICATED',
            'no live session: sign in with POST /v1/session',
          );
        }
        return { status: 200, body: { userId: session.userId, expiresAt: session.expiresAt } };
      },
    },
    {
      method: 'DELETE',
      path: SESSION,
      operationId: 'endSession',
      summary:
        'Sign out: ends the session on the server (its cookie no longer works anywhere) and clears the cookie. Must come from this origin.',
      access: 'public',
      tag: 'auth',
      responses: { 204: { description: 'Signed out (also when there was no session).' } },
      errorStatuses: [403],
      handle: async ({ app, headers, https }) => {
        const secret = sessionSecretOf(headers.cookie);
        if (secret !== undefined) {
          checkSameOrigin(headers.origin, headers.host, https);
          await app.bus.dispatchPlain(EndSession.type, { secret });
        }
        return { status: 204, headers: { 'set-cookie': clearedSessionCookie(https) } };
      },
    },
  ];
}
