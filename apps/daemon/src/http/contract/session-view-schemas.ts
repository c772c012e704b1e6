import { SESSION_HEADER } from '../session/session-cookie';

// The session answers' schemas, named in the document so that the web app's types are generated.

/** `GET /v1/session`: who the session is signed in as. */
export const SESSION_VIEW = {
  type: 'object',
  required: ['userId', 'expiresAt'],
  properties: {
    userId: { type: 'string' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
};

/** `POST /v1/session`: the session, with the page's half of it (shown once). */
export const STARTED_SESSION_VIEW = {
  ...SESSION_VIEW,
  required: ['userId', 'expiresAt', 'sessionKey'],
  properties: {
    ...SESSION_VIEW.properties,
    sessionKey: {
      type: 'string',
      description: `The page's half of the session: keep it in origin-scoped storage and send it as \`${SESSION_HEADER}\` with every request (the cookie alone signs nobody in).`,
    },
  },
};
