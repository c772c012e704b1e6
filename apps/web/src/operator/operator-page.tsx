import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { type OperatorSend } from '../api/openapi.gen';
import { adminCall, loadOperatorData, type OperatorData } from './operator-api';
import { refreshOnEvents } from './refresh-on-events';

/** An instant as the operator reads it, in the browser's zone; "none" for null. */
const when = (iso: string | null): string =>
  iso === null ? 'none' : new Date(iso).toLocaleString();

/**
 * The operator page (`/#/admin`): the admin token is pasted, held in this component's memory
 * only — never a cookie, never storage, gone on reload — and sent as a bearer to `/v1/admin`.
 * The person's page keeps refusing the admin token for its cookie session: a session cookie of
 * the admin's would be a bigger target than a token nobody keeps.
 */
export function OperatorPage() {
  const [draft, setDraft] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [data, setData] = useState<OperatorData | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = (key = token) =>
    key === null
      ? Promise.resolve()
      : loadOperatorData(key).then(
          (next) => {
            setData(next);
            setError(null);
          },
          (e: Error) => {
            setError(e.message);
            // A token the daemon refuses will not start working: ask for another one.
            if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
              setToken(null);
              setData(null);
            }
          },
        );

  useEffect(() => {
    if (token === null) {
      return undefined;
    }
    // No timer: while the page is shown it follows the daemon's event stream and reads again
    // after events (a failed send shows up by itself); a tab in the background has no stream,
    // and reads again the moment it is shown.
    let stop: (() => void) | undefined;
    const follow = () => {
      stop?.();
      stop = undefined;
      if (document.visibilityState === 'visible') {
        void reload(token);
        stop = refreshOnEvents(token, () => reload(token));
      }
    };
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      stop?.();
      document.removeEventListener('visibilitychange', follow);
    };
  }, [token]);

  /** Runs one admin action, then reads everything again (what it changed shows at once). */
  const act = (path: string) => {
    if (token !== null) {
      adminCall(token, 'POST', path).then(
        () => reload(),
        (e: Error) => setError(e.message),
      );
    }
  };

  return (
    <main class="app operator">
      <header>
        <h1>Tickler operator</h1>
        {token !== null && (
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setToken(null);
              setData(null);
            }}
          >
            Forget token
          </button>
        )}
      </header>
      {token === null && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setToken(draft);
            setDraft('');
          }}
        >
          <label for="admin-token">Admin token</label>
          <input
            id="admin-token"
            type="password"
            autocomplete="off"
            required
            maxLength={1000}
            value={draft}
            onInput={(event) => setDraft(event.currentTarget.value)}
          />
          <p class="help">
            Kept in this tab's memory only (reloading forgets it), sent to the daemon's admin
            routes.
          </p>
          <button type="submit">Open</button>
        </form>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {data && <OperatorView data={data} act={act} />}
    </main>
  );
}

function OperatorView({ data, act }: { data: OperatorData; act: (path: string) => void }) {
  const pausedSubscriptions = new Set(data.subscriptions.map((s) => s.id));
  const sendRows = (sends: OperatorSend[], retry: boolean) => (
    <SendGroups sends={sends} retry={retry} paused={pausedSubscriptions} act={act} />
  );
  return (
    <>
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading">Queue</h2>
        <p>Next delivery: {when(data.queue.nextDeliveryAt)}</p>
        <p>Next send: {when(data.queue.nextSendAt)}</p>
      </section>
      <section aria-labelledby="channels-heading">
        <h2 id="channels-heading">Channels</h2>
        <table>
          <tbody>
            {data.channels.map((c) => (
              <PauseRow
                key={c.kind}
                name={c.kind}
                pausedAt={c.pausedAt}
                act={act}
                path={`/v1/admin/channels/${c.kind}`}
              />
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="subscriptions-heading">
        <h2 id="subscriptions-heading">Paused subscriptions</h2>
        {data.subscriptions.length === 0 ? (
          <p class="empty">None</p>
        ) : (
          <table>
            <tbody>
              {data.subscriptions.map((s) => (
                <PauseRow
                  key={s.id}
                  name={`${s.recipientId} · ${s.kind}`}
                  pausedAt={s.pausedAt}
                  act={act}
                  path={`/v1/admin/subscriptions/${s.id}`}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="failed-heading">
        <h2 id="failed-heading">Failed sends</h2>
        {data.failed.length > 0 && (
          <button type="button" onClick={() => act('/v1/admin/sends/retry')}>
            Retry all
          </button>
        )}
        {sendRows(data.failed, true)}
      </section>
      <section aria-labelledby="stuck-heading">
        <h2 id="stuck-heading">Stuck sends</h2>
        {sendRows(data.stuck, false)}
      </section>
    </>
  );
}

/** A channel kind or a subscription: running or paused since when, and the button that flips it. */
function PauseRow(props: {
  name: string;
  pausedAt: string | null;
  path: string;
  act: (path: string) => void;
}) {
  const { name, pausedAt, path, act } = props;
  const paused = pausedAt !== null;
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{paused ? `Paused since ${when(pausedAt)}` : 'Running'}</td>
      <td>
        <button type="button" onClick={() => act(`${path}/${paused ? 'resume' : 'pause'}`)}>
          {paused ? 'Resume' : 'Pause'}
        </button>
      </td>
    </tr>
  );
}

/** Sends by channel, each with its last error; Retry for failed ones, and its subscription's pause. */
function SendGroups(props: {
  sends: OperatorSend[];
  retry: boolean;
  paused: ReadonlySet<string>;
  act: (path: string) => void;
}) {
  const { sends, retry, paused, act } = props;
  if (sends.length === 0) {
    return <p class="empty">None</p>;
  }
  const channels = [...new Set(sends.map((s) => s.channel))].sort();
  return (
    <>
      {channels.map((channel) => (
        <table key={channel}>
          <caption>{channel}</caption>
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Last error</th>
              <th scope="col">Attempts</th>
              <th scope="col">Changed</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {sends
              .filter((s) => s.channel === channel)
              .map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.recipientId}</th>
                  <td>{s.lastError ?? 'none'}</td>
                  <td>{s.attempts}</td>
                  <td>{when(s.updatedAt)}</td>
                  <td class="actions">
                    {retry && (
                      <button type="button" onClick={() => act(`/v1/admin/sends/${s.id}/retry`)}>
                        Retry
                      </button>
                    )}
                    {s.subscriptionId !== null && !paused.has(s.subscriptionId) && (
                      <button
                        type="button"
                        class="secondary"
                        onClick={() => act(`/v1/admin/subscriptions/${s.subscriptionId}/pause`)}
                      >
                        Pause subscription
                      </button>
                    )}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      ))}
    </>
  );
}
