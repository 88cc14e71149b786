import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../ui/status';
import { useSession } from './session';

export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSession();
  const errorText = useErrorText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username, password);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login station">
      <div className="card">
        <h1>{t('login.title')}</h1>
        <form onSubmit={submit}>
          <label>
            {t('login.username')}
            <input
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
              autoFocus
            />
          </label>
          <label>
            {t('login.password')}
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </label>
          {error && (
            <div className="error-box" role="alert">
              {t('login.failed', { detail: error })}
            </div>
          )}
          <button className="primary" type="submit" disabled={busy}>
            {t('login.submit')}
          </button>
        </form>
      </div>
    </main>
  );
}
