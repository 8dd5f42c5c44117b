// Sign-in for conductors (managers and admins may check tickets too). Needs a connection; once signed in, the
// phone remembers who it is for offline use (never the password or a token).
import { useState } from 'preact/hooks';
import { useApp } from '../lib/app-context.ts';
import { useI18n } from '../lib/i18n.ts';
import { LoginError, type LoginProblem } from '../lib/session.ts';

export function SignIn() {
  const { m } = useI18n();
  const { session, controller, setUser } = useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const waiting = controller.pending();

  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setProblem(null);
    try {
      const user = await session.login(String(form.get('email')), String(form.get('password')));
      setUser(user);
      void controller.syncNow();
    } catch (error) {
      setProblem(error instanceof LoginError ? error.problem : 'failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="card stack" onSubmit={submit} data-testid="sign-in">
      <h1>{m.signIn.heading}</h1>
      {waiting > 0 && <p class="note note-warn">{m.signIn.expired}</p>}
      <label class="field">
        <span>{m.signIn.email}</span>
        <input name="email" type="email" autocomplete="username" dir="ltr" required />
      </label>
      <label class="field">
        <span>{m.signIn.password}</span>
        <input name="password" type="password" autocomplete="current-password" dir="ltr" required />
      </label>
      {problem && (
        <p class="note note-error" role="alert">
          {m.signIn[problem]}
        </p>
      )}
      <button type="submit" class="button button-main" disabled={busy}>
        {busy ? m.signIn.busy : m.signIn.submit}
      </button>
    </form>
  );
}
