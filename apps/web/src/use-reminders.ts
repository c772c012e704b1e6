import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { followEvents } from './api/event-stream';
import { allOwnChanges } from './api/own-changes';
import { eventsPath, listInbox, listPage, listRest } from './api/reminders';
import { type Subscription } from './api/subscriptions';
import { type InboxItem, type Notification } from './api/types';

/** What both tabs show, loaded together so a fired reminder leaves one and enters the other at once. */
export interface RemindersState {
  loaded: boolean;
  /** Every page of `scheduled` is in (false while the pages after the first are read). */
  complete: boolean;
  scheduled: Notification[];
  /** Sent and canceled, most recently changed first. */
  recent: Notification[];
  inbox: InboxItem[];
  error: string | null;
}

/** What each tab is given: the user, the shared state, and how to refresh it after a change. */
export interface TabProps {
  userId: string;
  state: RemindersState;
  reload: () => Promise<void>;
  /** The user's channel subscriptions ("Remind me" offers push and email when there are some). */
  subscriptions: readonly Subscription[];
}

const EMPTY: RemindersState = {
  loaded: false,
  complete: false,
  scheduled: [],
  recent: [],
  inbox: [],
  error: null,
};

/** Performance mark: the first page of every list has arrived (the browser suite reports it). */
export const DATA_LOADED = 'tickler:data-loaded';
/** Performance mark: every page of the scheduled list has arrived. */
export const DATA_COMPLETE = 'tickler:data-complete';

/** Coalesces a burst of events (a batch firing) into one reload. */
const RELOAD_DELAY_MS = 150;

/**
 * The signed-in user's reminders and inbox, reloaded after every change this page makes and
 * whenever the daemon's event stream says something happened (a reminder fired, one was added
 * from the CLI).
 */
export function useReminders(userId: string): [RemindersState, () => Promise<void>] {
  const [state, setState] = useState<RemindersState>(EMPTY);
  const generation = useRef(0);
  /** A list is on screen: later reloads swap it whole (a shorter first page would jump the scroll). */
  const shown = useRef(false);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      // The first page of each list at once: the soonest 200 reminders are what the first screen
      // shows, so the page renders after one round trip and reads the later pages meanwhile.
      const [first, sent, canceled, inbox] = await Promise.all([
        listPage(userId, 'scheduled'),
        listPage(userId, 'sent'),
        listPage(userId, 'canceled'),
        listInbox(userId),
      ]);
      if (mine !== generation.current) {
        return;
      }
      performance.mark(DATA_LOADED);
      const recent = [...sent.items, ...canceled.items].sort((a, b) =>
        b.updatedAt.localeCompare(a.updatedAt),
      );
      const loaded = { loaded: true, recent, inbox, error: null };
      if (!shown.current && first.nextCursor !== null) {
        shown.current = true;
        setState({ ...loaded, complete: false, scheduled: first.items });
      }
      const rest = await listRest(userId, 'scheduled', first.nextCursor);
      if (mine === generation.current) {
        shown.current = true;
        performance.mark(DATA_COMPLETE);
        setState({ ...loaded, complete: true, scheduled: [...first.items, ...rest] });
      }
    } catch (error) {
      if (mine === generation.current) {
        setState((old) => ({ ...old, loaded: true, error: (error as Error).message }));
      }
    }
  }, [userId]);

  // A layout effect runs right after the first render; a plain effect waits for the next
  // animation frame, which on a busy machine held the first request back by a few hundred ms.
  useLayoutEffect(() => {
    void reload();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let burst: (string | undefined)[] = [];
    const stop = followEvents(eventsPath(userId), {
      onEvent: (aggregateId) => {
        burst.push(aggregateId);
        clearTimeout(timer);
        timer = setTimeout(() => {
          const ids = burst;
          burst = [];
          // What this page changed itself it already reloaded after the change.
          if (!allOwnChanges(ids)) {
            void reload();
          }
        }, RELOAD_DELAY_MS);
      },
      // The stream reconnects by itself; a reload on a reconnect catches what was missed
      // meanwhile (the first open follows the load above: no second load).
      onOpen: (again) => {
        if (again) {
          void reload();
        }
      },
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [userId, reload]);

  return [state, reload];
}
