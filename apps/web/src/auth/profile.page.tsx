import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../i18n';
import { toTheme } from '../theme';
import { ErrorBox } from '../ui/status';
import { useSession, useUser } from './session';

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useUser();
  const { updateProfile } = useSession();
  const [displayName, setDisplayName] = useState(user.display_name);
  const [language, setLanguage] = useState<string>(toLanguage(user.language_pref));
  const [theme, setTheme] = useState<string>(toTheme(user.theme_pref));
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    try {
      await updateProfile({ display_name: displayName, language_pref: language, theme_pref: theme });
      setSaved(true);
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <section className="card" style={{ maxWidth: 560 }}>
      <h1>{t('profile.title')}</h1>
      <p>
        {t('profile.username')}: <b>{user.username}</b>
      </p>
      <p>
        {t('profile.roles')}:{' '}
        {[...user.roles.map((role) => t(`roles.${role}`)), ...(user.is_admin ? [t('roles.admin')] : [])].join(
          ', ',
        ) || t('common.none')}
      </p>
      <form onSubmit={submit} style={{ display: 'grid', gap: '1rem' }}>
        <label>
          {t('profile.displayName')}
          <input
            name="display_name"
            value={displayName}
            maxLength={255}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        </label>
        <label>
          {t('profile.language')}
          <select name="language_pref" value={language} onChange={(e) => setLanguage(e.target.value)}>
            <option value="en">{t('profile.english')}</option>
            <option value="de">{t('profile.german')}</option>
          </select>
        </label>
        <label>
          {t('profile.theme')}
          <select name="theme_pref" value={theme} onChange={(e) => setTheme(e.target.value)}>
            <option value="light">{t('profile.light')}</option>
            <option value="dark">{t('profile.dark')}</option>
          </select>
        </label>
        <ErrorBox error={error} />
        {saved && (
          <div className="ok-box" role="status">
            {t('common.saved')}
          </div>
        )}
        <div>
          <button className="primary" type="submit">
            {t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
