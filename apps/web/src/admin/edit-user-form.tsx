import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { User } from '../api/types';
import { LANGUAGES } from '../i18n';
import { FormActions } from '../ui/form-actions';
import { ErrorBox } from '../ui/status';
import { useAction } from '../ui/use-action';

const LANGUAGE_LABEL = { en: 'profile.english', de: 'profile.german' } as const;

/** Name, e-mail and language of an existing user (PUT /users/{id}); roles stay in the table's checkboxes. */
export function EditUserForm({ user, onDone }: { user: User; onDone(saved: boolean): Promise<void> }) {
  const { t } = useTranslation();
  const { run, error, busy } = useAction();
  const [form, setForm] = useState({
    display_name: user.display_name,
    email: user.email,
    language_pref: user.language_pref,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await run(() => api<User>(`/users/${user.id}`, { method: 'PUT', body: form }));
    if (saved) await onDone(true);
  }

  return (
    <form className="card" onSubmit={submit} data-testid="edit-user">
      <h2 style={{ marginTop: 0 }}>{t('userEdit.title', { name: user.username })}</h2>
      <div className="row">
        <label>
          {t('admin.displayName')}
          <input
            name="display_name"
            value={form.display_name}
            maxLength={255}
            onChange={(e) => setForm({ ...form, display_name: e.target.value })}
          />
        </label>
        <label>
          {t('admin.email')}
          <input
            name="email"
            type="email"
            value={form.email}
            maxLength={255}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </label>
        <label>
          {t('admin.language')}
          <select
            name="language_pref"
            value={form.language_pref}
            onChange={(e) => setForm({ ...form, language_pref: e.target.value })}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(LANGUAGE_LABEL[language])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorBox error={error} />
      <FormActions busy={busy} submitLabel="save" onCancel={() => void onDone(false)} />
    </form>
  );
}
