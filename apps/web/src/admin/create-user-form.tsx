import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { ROLE_NAMES, type RoleName, type User } from '../api/types';
import { FormActions } from '../ui/form-actions';
import { ErrorBox } from '../ui/status';
import { useAction } from '../ui/use-action';
import { PASSWORD_MIN_LENGTH } from './password-rule';

const EMPTY = {
  username: '',
  password: '',
  display_name: '',
  email: '',
  language_pref: 'en',
  theme_pref: 'light',
};

export function CreateUserForm({ onCreated }: { onCreated(): Promise<void> }) {
  const { t } = useTranslation();
  const { run, error, busy } = useAction();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [roles, setRoles] = useState<RoleName[]>([]);
  const [isAdmin, setIsAdmin] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const created = await run(() =>
      api<User>('/users', { method: 'POST', body: { ...form, roles, is_admin: isAdmin } }),
    );
    if (created) {
      setForm(EMPTY);
      setRoles([]);
      setIsAdmin(false);
      setOpen(false);
      await onCreated();
    }
  }

  if (!open) {
    return (
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        {t('admin.newUser')}
      </button>
    );
  }
  // The rules are shown while typing, so the admin meets them before the server has to refuse.
  const hints: Partial<Record<keyof typeof EMPTY, string>> = {
    username: t('messages.usernameRule'),
    password:
      form.password.length > 0 && form.password.length < PASSWORD_MIN_LENGTH
        ? t('messages.passwordShort', { min: PASSWORD_MIN_LENGTH, count: form.password.length })
        : t('messages.passwordRule', { min: PASSWORD_MIN_LENGTH }),
  };
  const text = (name: keyof typeof EMPTY, label: string, type = 'text') => (
    <label>
      {label}
      <input
        name={name}
        type={type}
        value={form[name]}
        maxLength={255}
        required={name === 'username' || name === 'password'}
        aria-describedby={hints[name] ? `hint-${name}` : undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {hints[name] && (
        <span id={`hint-${name}`} className="field-hint" data-testid={`hint-${name}`}>
          {hints[name]}
        </span>
      )}
    </label>
  );
  return (
    <form className="card" onSubmit={submit}>
      <h2 style={{ marginTop: 0 }}>{t('admin.newUser')}</h2>
      <div className="row">
        {text('username', t('admin.username'))}
        {text('password', t('admin.password'), 'password')}
        {text('display_name', t('admin.displayName'))}
        {text('email', t('admin.email'), 'email')}
        <label>
          {t('admin.language')}
          <select
            name="language_pref"
            value={form.language_pref}
            onChange={(e) => setForm({ ...form, language_pref: e.target.value })}
          >
            <option value="en">{t('profile.english')}</option>
            <option value="de">{t('profile.german')}</option>
          </select>
        </label>
        <label>
          {t('admin.theme')}
          <select
            name="theme_pref"
            value={form.theme_pref}
            onChange={(e) => setForm({ ...form, theme_pref: e.target.value })}
          >
            <option value="light">{t('profile.light')}</option>
            <option value="dark">{t('profile.dark')}</option>
          </select>
        </label>
      </div>
      <div className="toolbar">
        {ROLE_NAMES.map((role) => (
          <label key={role} className="inline">
            <input
              type="checkbox"
              name={`role_${role}`}
              checked={roles.includes(role)}
              onChange={() =>
                setRoles(roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role])
              }
            />
            {t(`roles.${role}`)}
          </label>
        ))}
        <label className="inline">
          <input type="checkbox" name="is_admin" checked={isAdmin} onChange={() => setIsAdmin(!isAdmin)} />
          {t('admin.isAdmin')}
        </label>
      </div>
      <ErrorBox error={error} />
      <FormActions busy={busy} submitLabel="create" onCancel={() => setOpen(false)} />
    </form>
  );
}
