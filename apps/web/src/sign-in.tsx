import { useState } from 'preact/hooks';
import { signIn } from './api/session';
import { type SessionView } from './api/types';

/** Paste a user token; it is exchanged for a session and not kept by the page. */
export function SignIn({
  problem,
  onSignedIn,
}: {
  problem: string | null;
  onSignedIn: (session: SessionView) => void;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(problem);
  const [busy, setBusy] = useState(false);
  return (
    <main class="sign-in">
      <h1>Tickler</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          signIn(token).then(
            (session) => {
              setToken('');
              onSignedIn(session);
            },
            (e: Error) => {
              setError(e.message);
              setBusy(false);
            },
          );
        }}
      >
        <label for="token">User token</label>
        <input
          id="token"
          type="password"
          autocomplete="off"
          required
          maxLength={1000}
          value={token}
          aria-describedby={error ? 'token-error' : 'token-help'}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        <p id="token-help" class="help">
          Ask the admin for one: <code>tickler token issue --user &lt;you&gt;</code> (or{' '}
          <code>POST /v1/users/&lt;you&gt;/tokens</code>).
        </p>
        {error && (
          <p id="token-error" role="alert" class="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
