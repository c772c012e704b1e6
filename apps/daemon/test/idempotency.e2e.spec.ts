import fc from 'fast-check';
import { daemonPerFile, type ErrorBody } from '@tickler/testing';
import {
  FIELDS,
  oneFieldChanged,
  type RouteKind,
  type SendBody,
  withRunSourceKey,
} from './support/one-field-changed.arbitrary';

// Issue 34, findings 2 and 3: an idempotency key stays bound to what it created, for as long as
// it is kept (after a DELETE too), and every field of the request counts. Both routes, through
// the real daemon; the PostgreSQL run (test-postgres) runs the same file.

const shared = daemonPerFile();
const USER = 'ida';
/** Property runs per field and route: each makes four requests. */
const RUNS = 5;

/** What a send with a key came to: created or replayed (with the delivery's id), or an error. */
type Outcome =
  | { readonly outcome: 'created' | 'replayed'; readonly id: string }
  | { readonly outcome: 'refused'; readonly status: number; readonly code: string };

interface Delivery {
  readonly id: string;
}

async function send(route: RouteKind, body: SendBody, key: string, user = USER): Promise<Outcome> {
  if (route === 'single') {
    const res = await shared.api.post<Delivery & ErrorBody>(
      `/v1/users/${user}/notifications`,
      body,
      { headers: { 'Idempotency-Key': key } },
    );
    if (res.status === 201 || res.status === 200) {
      return { outcome: res.status === 201 ? 'created' : 'replayed', id: res.body.id };
    }
    return { outcome: 'refused', status: res.status, code: res.body.error.code };
  }
  const res = await shared.api.post<
    { results: { delivery: Delivery; created: boolean }[] } & ErrorBody
  >('/v1/notifications/batch', { items: [{ ...body, userId: user, idempotencyKey: key }] });
  const [result] = res.status === 200 ? res.body.results : [];
  if (result !== undefined) {
    return { outcome: result.created ? 'created' : 'replayed', id: result.delivery.id };
  }
  return { outcome: 'refused', status: res.status, code: res.body.error.code };
}

let run = 0;

/** The same request with its instants written in UTC (a client may write another offset). */
function inUtc(body: SendBody): SendBody {
  const out = { ...body };
  for (const field of ['scheduledAt', 'eventAt', 'expiresAt']) {
    if (typeof out[field] === 'string') {
      out[field] = new Date(out[field]).toISOString();
    }
  }
  return out;
}

describe.each<RouteKind>(['single', 'batch'])('idempotency keys on the %s route', (route) => {
  it.each(FIELDS[route])(
    'answers 409 IDEMPOTENCY.KEY_REUSED for the same key with %s changed; the same request, its instants written in UTC, still replays',
    async (name) => {
      await fc.assert(
        fc.asyncProperty(oneFieldChanged(route, name), async ({ field, base, changed }) => {
          const n = ++run;
          const key = `key-${route}-${n}`;
          const first = await send(route, withRunSourceKey(base, n), key);
          expect({ base, first }).toMatchObject({ first: { outcome: 'created' } });
          const id = (first as { id: string }).id;
          expect(await send(route, inUtc(withRunSourceKey(base, n)), key)).toEqual({
            outcome: 'replayed',
            id,
          });
          expect({
            field,
            changed,
            answer: await send(route, withRunSourceKey(changed, n), key),
          }).toEqual({
            field,
            changed,
            answer: { outcome: 'refused', status: 409, code: 'IDEMPOTENCY.KEY_REUSED' },
          });
          // The refusal did not rebind the key.
          expect(await send(route, withRunSourceKey(base, n), key)).toEqual({
            outcome: 'replayed',
            id,
          });
        }),
        { numRuns: RUNS },
      );
    },
  );

  it('answers 409 IDEMPOTENCY.NOTIFICATION_DELETED for a key whose notification was deleted, with the same request or another, and creates nothing again', async () => {
    const user = `deleter-${route}`;
    const key = 'dentist';
    const body = { title: 'Dentist', message: '', scheduledAt: '2099-03-01T09:00:00Z' };
    const first = await send(route, body, key, user);
    expect(first).toMatchObject({ outcome: 'created' });
    const id = (first as { id: string }).id;
    const deleted = await shared.api.delete(`/v1/users/${user}/notifications/${id}`);
    expect(deleted.status).toBe(200);
    const gone = { outcome: 'refused', status: 409, code: 'IDEMPOTENCY.NOTIFICATION_DELETED' };
    expect(await send(route, body, key, user)).toEqual(gone);
    expect(await send(route, { ...body, title: 'Dentist (moved)' }, key, user)).toEqual(gone);
    // The other route keeps the same rule: a key is the recipient's, whichever route used it.
    expect(await send(route === 'single' ? 'batch' : 'single', body, key, user)).toEqual(gone);
    const list = await shared.api.get<{ items: unknown[] }>(`/v1/users/${user}/notifications`);
    expect(list.body.items).toEqual([]);
  });
});
