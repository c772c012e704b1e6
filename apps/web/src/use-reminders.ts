import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { eventsPath, listByStatus, listInbox } from './api/reminders';
import { type InboxItem, type Notification } from './api/types';

/** What both tabs show, loaded together so a fired reminder leaves one and enters the other at once. */
export interface RemindersState {
  loaded: boolean;
  scheduled: Notification[];
  /** Sent and canceled, most recently changed first. */
  recent: Notification[];
  missed: Notification[];
  inbox: InboxItem[];
  error: string | null;
}

/** What each tab is given: the user, the shared state, and how to refresh it after a change. */
export interface TabProps {
  userId: string;
  state: RemindersState;
  reload: () => Promise<void>;
}

const EMPTY: RemindersState = {
  loaded: false,
  scheduled: [],
  recent: [],
  missed: [],
  inbox: [],
  error: null,
};

/** Performance mark: every list of a load has arrived (the browser suite reports it). */
export const DATA_LOADED = 'tickler:data-loaded';

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

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const [scheduled, sent, canceled, missed, inbox] = await Promise.all([
        listByStatus(userId, 'scheduled'),
        listByStatus(userId, 'sent', 1),
        listByStatus(userId, 'canceled', 1),
        listByStatus(userId, 'missed', 1),
        listInbox(userId),
      ]);
      if (mine !== generation.current) {
        return;
      }
      performance.mark(DATA_LOADED);
      const recent = [...sent, ...canceled].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      setState({ loaded: true, scheduled, recent, missed, inbox, error: null });
    } catch (error) {
      if (mine === generation.current) {
        setState((old) => ({ ...old, loaded: true, error: (error as Error).message }));
      }
    }
  }, [userId]);

  useEffect(() => {
    void reload();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stream = new EventSource(eventsPath(userId));
    stream.onmessage = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), RELOAD_DELAY_MS);
    };
    // EventSource reconnects by itself; a reload on a reconnect catches what was missed
    // meanwhile (the first open follows the load above: no second load).
    let opened = false;
    stream.onopen = () => {
      if (opened) {
        void reload();
      }
      opened = true;
    };
    return () => {
      clearTimeout(timer);
      stream.close();
    };
  }, [userId, reload]);

  return [state, reload];
}
