import { type SessionView } from './api/types';

/**
 * Asked when a `/#token=…` link arrives while someone is signed in: another page may have sent
 * the browser there to swap the person for its own account (login CSRF), so nothing is replaced
 * until the person says so.
 */
export function SwitchPrompt({
  current,
  onSwitch,
  onStay,
}: {
  current: SessionView;
  onSwitch: () => void;
  onStay: () => void;
}) {
  return (
    <main class="sign-in">
      <h1>Tickler</h1>
      <section role="alertdialog" aria-labelledby="switch-title" aria-describedby="switch-text">
        <h2 id="switch-title">Sign in with this link?</h2>
        <p id="switch-text">
          You are signed in as <strong>{current.userId}</strong>. The link you opened signs in with
          another token. If you did not open it yourself, stay signed in.
        </p>
        <button type="button" onClick={onStay}>
          Stay signed in as {current.userId}
        </button>{' '}
        <button type="button" class="secondary" onClick={onSwitch}>
          Use the link’s token
        </button>
      </section>
    </main>
  );
}
