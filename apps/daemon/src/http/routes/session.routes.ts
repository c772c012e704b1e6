import { EndSession, StartSession, type StartedSession } from '@tickler/auth';
import { AUTH_TOKENS, type Authenticator } from '@tickler/auth/context';
import { checkSameOrigin } from '../hardening/origin-guard';
import { HttpBoundaryError } from '../http.errors';
import { type RouteSpec } from '../route';
import { ref } from '../contract/command-schemas';
import {
  clearedSessionCookie,
  SESSION_HEADER,
  sessionCookie,
  sessionSecretOf,
  splitSessionSecret,
} from '../session/session-cookie';

const SESSION = '/v1/session';

/** The header of every session request, documented once. */
const SESSION_HEADERS = {
  [SESSION_HEADER]:
    "The page's half of the session (`sessionKey` of POST /v1/session); the cookie is the other half.",
};

/**
 * Browser sessions: a page exchanges a user token for a session (the token never stays in the
 * page) in two halves — an httpOnly cookie and a `sessionKey` the page keeps in origin-scoped
 * storage and sends as `X-Tickler-Session` — asks who it is signed in as, and signs out (the
 * session ends on the server). Both halves together reach exactly the token's routes
 * (build-server.ts); a cookie, which every port of the host receives, is only the second factor.
 */
export function sessionRoutes(): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: SESSION,
      operationId: 'startSession',
      summary:
        'Exchange a user token for a session that acts exactly as the token: a cookie (httpOnly, SameSite=Strict, Secure over https) and a `sessionKey` the page sends as `X-Tickler-Session`; both are needed. The admin token is refused (403). A browser request must come from this origin.',
      access: 'public',
      tag: 'auth',
      requestBody: { name: 'StartSessionBody', command: StartSession },
      secret: true,
      responses: {
        201: {
          description: 'Signed in; the cookie is set and the page keeps `sessionKey`.',
          schema: ref('StartedSession'),
        },
      },
      errorStatuses: [400, 401, 403],
      handle: async ({ app, body, headers, https, host }) => {
        // A browser always sends Origin on a POST: one from another site must not sign its
        // visitor in (login CSRF). A client outside a browser sends none.
        if (headers.origin !== undefined) {
          checkSameOrigin(headers.origin, host, https);
        }
        const session = (await app.bus.dispatchPlain(StartSession.type, body)) as StartedSession;
        const maxAgeMs = Date.parse(session.expiresAt) - app.clock.now().getTime();
        const { cookie, key } = splitSessionSecret(session.secret);
        return {
          status: 201,
          body: { userId: session.userId, expiresAt: session.expiresAt, sessionKey: key },
          headers: { 'set-cookie': sessionCookie(cookie, maxAgeMs, https) },
        };
      },
    },
    {
      method: 'GET',
      path: SESSION,
      operationId: 'getSession',
      summary:
        'Who the session (cookie and `X-Tickler-Session` together) is signed in as (401 without a live session).',
      access: 'public',
      tag: 'auth',
      headers: SESSION_HEADERS,
      responses: { 200: { description: 'The session.', schema: ref('Session') } },
      errorStatuses: [401],
      handle: async ({ app, headers }) => {
        const authenticator = app.get<Authenticator>(AUTH_TOKENS.Authenticator);
        const session = await authenticator.sessionOf(sessionSecretOf(headers));
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
        'Sign out: ends the session on the server (it no longer works anywhere) and clears the cookie. Must come from this origin.',
      access: 'public',
      tag: 'auth',
      headers: SESSION_HEADERS,
      responses: { 204: { description: 'Signed out (also when there was no session).' } },
      errorStatuses: [403],
      handle: async ({ app, headers, https, host }) => {
        const secret = sessionSecretOf(headers);
        if (secret !== undefined) {
          checkSameOrigin(headers.origin, host, https);
          await app.bus.dispatchPlain(EndSession.type, { secret });
        }
        return { status: 204, headers: { 'set-cookie': clearedSessionCookie(https) } };
      },
    },
  ];
}
