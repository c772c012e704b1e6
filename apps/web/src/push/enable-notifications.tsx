import { useEffect, useState } from 'preact/hooks';
import { type Subscription } from '../api/subscriptions';
import { currentPushSubscription, enablePush, pushSupported } from './push';

/**
 * "Enable notifications": registers this browser for push with the daemon; once it is, says so.
 * Nothing is shown in a browser without service workers or push (the inbox still works).
 */
export function EnableNotifications({
  userId,
  subscriptions,
  onEnabled,
}: {
  userId: string;
  subscriptions: readonly Subscription[];
  onEnabled: () => Promise<void>;
}) {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = pushSupported();

  useEffect(() => {
    if (supported) {
      currentPushSubscription().then(
        (s) => setEndpoint(s?.endpoint ?? null),
        () => setEndpoint(null),
      );
    }
  }, [supported]);

  if (!supported || endpoint === undefined) {
    return null;
  }
  const registered = subscriptions.some(
    (s) => s.kind === 'push' && s.active && endpoint !== null && s.endpoint === endpoint,
  );
  if (registered) {
    return (
      <span class="push-status" role="status">
        Notifications on
      </span>
    );
  }
  if (Notification.permission === 'denied') {
    // Pressing would change nothing: the browser answers "denied" without asking.
    return (
      <span class="push-status" role="status">
        Notifications are blocked for this page: allow them in the browser’s site settings.
      </span>
    );
  }
  return (
    <span class="push">
      <button
        type="button"
        class="secondary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(null);
          enablePush(userId)
            .then(async () => {
              setEndpoint((await currentPushSubscription())?.endpoint ?? null);
              await onEnabled();
            })
            .catch((e: Error) => setError(e.message))
            .finally(() => setBusy(false));
        }}
      >
        Enable notifications
      </button>
      {busy && (
        <span role="status" class="push-status">
          Answer the browser’s question to allow notifications…
        </span>
      )}
      {error && (
        <span role="alert" class="error">
          {error}
        </span>
      )}
    </span>
  );
}
