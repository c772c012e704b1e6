import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a button on a phone notification may do to its inbox item. */
export type ActionLinkAction = 'done' | 'snooze';

/** What an action link grants: one action on one person's inbox item, until it expires. */
export interface ActionLinkGrant {
  readonly recipientId: string;
  readonly inboxId: string;
  readonly action: ActionLinkAction;
  /** Unix seconds after which the link is refused. */
  readonly expiresAt: number;
}

/** Longest token read: a grant is ~150 characters, so anything longer is not ours. */
export const ACTION_LINK_TOKEN_MAX = 600;

/** How long a button keeps working after the reminder fired (phones keep notifications). */
export const ACTION_LINK_LIFETIME_S = 7 * 24 * 3600;

const VERSION = 'a1';

function macOf(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}.${body}`).digest();
}

/**
 * A capability token for `grant`: `a1.<base64url JSON>.<base64url HMAC-SHA256>`. The token is
 * the credential (a phone's ntfy app has no session or token of the person), so it names one
 * action on one item and expires; only a holder of `key` can make one.
 */
export function signActionLink(key: Buffer, grant: ActionLinkGrant): string {
  const body = Buffer.from(
    JSON.stringify({ r: grant.recipientId, i: grant.inboxId, a: grant.action, e: grant.expiresAt }),
  ).toString('base64url');
  return `${VERSION}.${body}.${macOf(key, body).toString('base64url')}`;
}

function grantOf(json: unknown): ActionLinkGrant | undefined {
  if (typeof json !== 'object' || json === null) {
    return undefined;
  }
  const { r, i, a, e } = json as Record<string, unknown>;
  const ok =
    typeof r === 'string' &&
    typeof i === 'string' &&
    (a === 'done' || a === 'snooze') &&
    typeof e === 'number' &&
    Number.isInteger(e);
  return ok ? { recipientId: r, inboxId: i, action: a, expiresAt: e } : undefined;
}

/**
 * The grant of a token made with `key`, or why it is refused: `malformed` (not a token's
 * shape), `forged` (signed with another key or altered), `expired` (at `nowS` or later).
 */
export function readActionLink(
  key: Buffer,
  token: string,
  nowS: number,
): ActionLinkGrant | 'malformed' | 'forged' | 'expired' {
  if (
    token.length > ACTION_LINK_TOKEN_MAX ||
    !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){2}$/.test(token)
  ) {
    return 'malformed';
  }
  const [version, body = '', mac = ''] = token.split('.');
  if (version !== VERSION) {
    return 'malformed';
  }
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'forged';
  }
  let grant: ActionLinkGrant | undefined;
  try {
    grant = grantOf(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    grant = undefined;
  }
  if (grant === undefined) {
    return 'malformed';
  }
  return nowS >= grant.expiresAt ? 'expired' : grant;
}
