import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, setApiKey } from '../api/client';
import { type ApiAnswer, ROLE_NAMES, type RoleName, type User } from '../api/types';
import { useUser } from '../auth/session';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';
import { CreateUserForm } from './create-user-form';
import { EditUserForm } from './edit-user-form';

export function UsersPage() {
  const { t } = useTranslation();
  const me = useUser();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: ['users'], queryFn: () => api<User[]>('/users') });
  const action = useAction();
  const [newKey, setNewKey] = useState<{ name: string; key: string } | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  async function toggleRole(user: User, role: RoleName) {
    const roles = user.roles.includes(role) ? user.roles.filter((r) => r !== role) : [...user.roles, role];
    await action.run(() => api<User>(`/users/${user.id}`, { method: 'PUT', body: { roles } }));
    await refresh();
  }

  async function toggleAdmin(user: User) {
    await action.run(() =>
      api<User>(`/users/${user.id}`, { method: 'PUT', body: { is_admin: !user.is_admin } }),
    );
    await refresh();
  }

  async function deactivate(user: User) {
    if (!window.confirm(t('admin.deactivateConfirm', { name: user.username }))) return;
    await action.run(() => api(`/users/${user.id}`, { method: 'DELETE' }));
    await refresh();
  }

  async function reactivate(user: User) {
    await action.run(() => api<User>(`/users/${user.id}/reactivate`, { method: 'POST' }));
    await refresh();
  }

  async function regenerate(user: User) {
    if (!window.confirm(t('admin.regenerateConfirm', { name: user.username }))) return;
    const result = await action.run(() =>
      api<ApiAnswer<'postUsersByUserIdRegenerateKey'>>(`/users/${user.id}/regenerate-key`, {
        method: 'POST',
      }),
    );
    if (!result) return;
    // Regenerating revokes every key of that user, this session's included when it is one's own.
    if (user.id === me.id) setApiKey(result.api_key);
    setNewKey({ name: user.username, key: result.api_key });
  }

  return (
    <section>
      <h1>{t('admin.users')}</h1>
      {newKey && (
        <div className="card" role="alert">
          <p>{t('admin.keyOnce', { name: newKey.name })}</p>
          <p className="key-once" data-testid="new-key">
            {newKey.key}
          </p>
          <button type="button" onClick={() => setNewKey(null)}>
            {t('common.close')}
          </button>
        </div>
      )}
      <CreateUserForm onCreated={refresh} />
      {editing && (
        <EditUserForm
          key={editing.id}
          user={editing}
          onDone={async (saved) => {
            setEditing(null);
            if (saved) await refresh();
          }}
        />
      )}
      <ErrorBox error={users.error ?? action.error} />
      {users.isPending ? (
        <Loading />
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('admin.username')}</th>
              <th>{t('admin.displayName')}</th>
              <th>{t('admin.email')}</th>
              {/* one column of labelled checkboxes that wraps: four columns made the table wider than 1280 px */}
              <th>{t('admin.roles')}</th>
              <th>{t('common.active')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data?.map((user) => (
              <tr key={user.id}>
                <td>{user.username}</td>
                <td>{user.display_name}</td>
                <td>{user.email}</td>
                <td>
                  <div className="role-checks">
                    {ROLE_NAMES.map((role) => (
                      <label key={role} className="inline">
                        <input
                          type="checkbox"
                          aria-label={`${user.username}: ${t(`roles.${role}`)}`}
                          checked={user.roles.includes(role)}
                          disabled={!user.active || action.busy}
                          onChange={() => void toggleRole(user, role)}
                        />
                        {t(`roles.${role}`)}
                      </label>
                    ))}
                    <label className="inline">
                      <input
                        type="checkbox"
                        aria-label={`${user.username}: ${t('admin.isAdmin')}`}
                        checked={user.is_admin}
                        disabled={!user.active || user.id === me.id || action.busy}
                        onChange={() => void toggleAdmin(user)}
                      />
                      {t('admin.isAdmin')}
                    </label>
                  </div>
                </td>
                <td>{user.active ? t('common.yes') : t('common.no')}</td>
                <td>
                  <div className="toolbar" style={{ margin: 0 }}>
                    <button type="button" onClick={() => setEditing(user)}>
                      {t('common.edit')}
                    </button>
                    {user.active ? (
                      <>
                        <button type="button" onClick={() => void regenerate(user)}>
                          {t('admin.regenerateKey')}
                        </button>
                        <button
                          type="button"
                          className="danger"
                          disabled={user.id === me.id}
                          onClick={() => void deactivate(user)}
                        >
                          {t('admin.deactivate')}
                        </button>
                      </>
                    ) : (
                      <button type="button" disabled={action.busy} onClick={() => void reactivate(user)}>
                        {t('userEdit.reactivate')}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
