import { useCallback, useEffect, useState } from 'preact/hooks';
import { listSubscriptions, type Subscription } from './api/subscriptions';

/**
 * The signed-in user's channel subscriptions (push, email, webhook): what "Remind me" offers as
 * channels and whether this browser's push is on. Read once, and again after a change here.
 */
export function useSubscriptions(userId: string): [Subscription[], () => Promise<void>] {
  const [subscriptions, setSubscriptions] = useState<Subscription[]>([]);
  const reload = useCallback(async () => {
    // Without them the page still works (inbox only): a failure here is not shown as an error.
    setSubscriptions(await listSubscriptions(userId).catch(() => []));
  }, [userId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return [subscriptions, reload];
}
