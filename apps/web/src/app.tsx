import { useEffect, useState } from 'preact/hooks';
import { currentSession, signIn, signOut, takeTokenFromUrl } from './api/session';
import { type SessionView } from './api/types';
import { InboxTab } from './inbox/inbox-tab';
import { ScheduledTab } from './scheduled/scheduled-tab';
import { SignIn } from './sign-in';
import { SwitchPrompt } from './switch-prompt';
import { useReminders } from './use-reminders';
import { useSubscriptions } from './use-subscriptions';
import { EnableNotifications } from './push/enable-notifications';
import { CalendarsSection } from './settings/calendars-section';
import { PreferencesSection } from './settings/preferences-section';
import { CalendarLinksContext, useCalendars } from './use-calendars';

type Tab = 'scheduled' | 'inbox' | 'settings';
const TABS: readonly Tab[] = ['scheduled', 'inbox', 'settings'];

/** A `/#token=` link that arrived while someone was signed in, waiting for their answer. */
interface PendingSwitch {
  readonly token: string;
  readonly current: SessionView;
}

/**
 * The page: sign-in until there is a session, then the two tabs. A `/#token=` link signs in at
 * once only when nobody is signed in here; otherwise the person is asked first.
 */
export function App() {
  const [session, setSession] = useState<SessionView | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingSwitch | null>(null);
  const failed = (error: Error) => {
    setProblem(error.message);
    setSession(null);
  };

  useEffect(() => {
    const token = takeTokenFromUrl();
    currentSession().then((current) => {
      if (token === undefined) {
        setSession(current);
      } else if (current === null) {
        signIn(token).then(setSession, failed);
      } else {
        setPending({ token, current });
      }
    }, failed);
  }, []);

  if (pending !== null) {
    return (
      <SwitchPrompt
        current={pending.current}
        onStay={() => {
          setPending(null);
          setSession(pending.current);
        }}
        onSwitch={() => {
          setPending(null);
          signOut()
            .catch(() => undefined)
            .then(() => signIn(pending.token))
            .then(setSession, failed);
        }}
      />
    );
  }
  if (session === undefined) {
    return <p class="loading">Loading…</p>;
  }
  if (session === null) {
    return <SignIn problem={problem} onSignedIn={setSession} />;
  }
  return (
    <SignedIn
      session={session}
      onSignOut={async () => {
        await signOut();
        setProblem(null);
        setSession(null);
      }}
    />
  );
}

function SignedIn({
  session,
  onSignOut,
}: {
  session: SessionView;
  onSignOut: () => Promise<void>;
}) {
  const [tab, setTab] = useState<Tab>('scheduled');
  const [state, reload] = useReminders(session.userId);
  const [subscriptions, reloadSubscriptions] = useSubscriptions(session.userId);
  const [calendars, reloadCalendars] = useCalendars(session.userId);
  const [openedCalendar, setOpenedCalendar] = useState<string | null>(null);
  const [openedSource, setOpenedSource] = useState<string | null>(null);
  const links = {
    calendars,
    open: (calendarId: string) => {
      setOpenedCalendar(calendarId);
      setTab('settings');
    },
    openSource: (source: string) => {
      setOpenedSource(source);
      setTab('settings');
    },
  };
  const props = { userId: session.userId, state, reload, subscriptions };
  const unread = state.inbox.filter((item) => item.readAt === null).length;
  const tabButton = (id: Tab, label: string, extra = '') => (
    <button
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`panel-${id}`}
      tabIndex={tab === id ? 0 : -1}
      onClick={() => setTab(id)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          const step = event.key === 'ArrowRight' ? 1 : TABS.length - 1;
          const next = TABS[(TABS.indexOf(tab) + step) % TABS.length]!;
          setTab(next);
          document.getElementById(`tab-${next}`)?.focus();
        }
      }}
    >
      {label}
      {extra && <span class="count"> {extra}</span>}
    </button>
  );
  return (
    <div class="app">
      <header>
        <h1>Tickler</h1>
        <span class="who">Signed in as {session.userId}</span>
        <EnableNotifications
          userId={session.userId}
          subscriptions={subscriptions}
          onEnabled={reloadSubscriptions}
        />
        <button type="button" class="secondary" onClick={() => void onSignOut()}>
          Sign out
        </button>
      </header>
      <nav role="tablist" aria-label="Reminders">
        {tabButton('scheduled', 'Scheduled')}
        {tabButton('inbox', 'Inbox', unread > 0 ? `(${unread})` : '')}
        {tabButton('settings', 'Settings')}
      </nav>
      {state.error && (
        <p role="alert" class="error">
          {state.error}
        </p>
      )}
      <main>
        {TABS.map((id) => (
          <section
            key={id}
            role="tabpanel"
            id={`panel-${id}`}
            aria-labelledby={`tab-${id}`}
            hidden={tab !== id}
          >
            {id === 'scheduled' && (
              <CalendarLinksContext.Provider value={links}>
                <ScheduledTab {...props} />
              </CalendarLinksContext.Provider>
            )}
            {id === 'inbox' && <InboxTab {...props} />}
            {id === 'settings' && (
              <>
                <CalendarsSection
                  userId={session.userId}
                  calendars={calendars}
                  highlight={openedCalendar}
                  reload={async () => {
                    await reloadCalendars();
                    await reload();
                  }}
                />
                <PreferencesSection
                  userId={session.userId}
                  reminders={[...state.scheduled, ...state.recent]}
                  subscriptions={subscriptions}
                  highlight={openedSource}
                />
              </>
            )}
          </section>
        ))}
      </main>
    </div>
  );
}
