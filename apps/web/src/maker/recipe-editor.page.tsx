import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../api/client';
import type { Recipe, Task } from '../api/types';
import { canReadHistory } from '../auth/roles';
import { useUser } from '../auth/session';
import { formatDateTime } from '../format';
import { HistoryTable } from '../history/history-table';
import { FormActions } from '../ui/form-actions';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';
import { useRecipe, useRefreshRecipe, useVersions, type VersionWithCount } from './recipe-queries';
import { TaskEditor } from './task-editor';
import { type EditKind, versionNotice } from './version-notice';

/** What saving here does to the versions (GUIDE's versioning rule), stated before the maker saves. */
function VersionNotice({ kind, version, count }: { kind: EditKind; version: number; count: number | null }) {
  const { t } = useTranslation();
  const notice = versionNotice(kind, version, count);
  return (
    <p className="notice" data-testid={`version-notice-${kind}`}>
      {t(notice.key, notice.params)}
    </p>
  );
}

export function RecipeEditorPage() {
  const { t } = useTranslation();
  const recipeId = Number(useParams().recipeId);
  const recipe = useRecipe(recipeId);
  const versions = useVersions(recipeId);
  const refresh = useRefreshRecipe(recipeId);
  const reorder = useAction();
  // Selected by position: an edit that forks a version gives the task a new id but keeps its place.
  const [selected, setSelected] = useState(0);
  const [tab, setTab] = useState<'editor' | 'history'>('editor');
  const user = useUser();

  if (recipe.isPending) return <Loading />;
  if (recipe.error) return <ErrorBox error={recipe.error} />;
  const current = recipe.data.current_version;
  const tasks = [...(current?.tasks ?? [])].sort((a, b) => a.order_index - b.order_index);
  const currentCount =
    versions.data?.find((v) => v.version_number === current?.version_number)?.measurement_count ?? null;
  const versionNumber = current?.version_number ?? 0;

  async function move(index: number, delta: number) {
    const ids = tasks.map((task) => task.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + delta, 0, moved!);
    await reorder.run(() => api<Task[]>('/tasks/reorder', { method: 'PUT', body: { task_ids: ids } }));
    setSelected(index + delta);
    await refresh();
  }

  return (
    <section>
      <h1>
        {recipe.data.code} · {recipe.data.name}{' '}
        <span className="muted">{t('maker.versionN', { n: versionNumber })}</span>
      </h1>
      {canReadHistory(user) && (
        <div className="toolbar" role="tablist">
          {(['editor', 'history'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={tab === name ? 'primary' : undefined}
              onClick={() => setTab(name)}
            >
              {t(name === 'editor' ? 'history.tabEditor' : 'history.tabHistory')}
            </button>
          ))}
        </div>
      )}
      {tab === 'history' ? <HistoryTable scope={{ recipe_id: recipeId }} /> : null}
      {tab === 'editor' && (
        <>
          <VersionNotice kind="task" version={versionNumber} count={currentCount} />
          <RecipeForm recipe={recipe.data} count={currentCount} onSaved={refresh} />
          <div className="editor-grid">
            <div className="card">
              <h2 style={{ marginTop: 0 }}>{t('maker.tasks')}</h2>
              {tasks.length === 0 && <p className="muted">{t('maker.noTasks')}</p>}
              <ol className="task-list">
                {tasks.map((task, index) => (
                  <li key={task.id}>
                    <button
                      type="button"
                      className={index === selected ? 'primary' : undefined}
                      onClick={() => setSelected(index)}
                      style={{ flex: 1 }}
                    >
                      {index + 1}. {task.title}
                    </button>
                    <button
                      type="button"
                      aria-label={t('maker.moveUp')}
                      title={t('maker.moveUp')}
                      disabled={index === 0 || reorder.busy}
                      onClick={() => void move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      aria-label={t('maker.moveDown')}
                      title={t('maker.moveDown')}
                      disabled={index === tasks.length - 1 || reorder.busy}
                      onClick={() => void move(index, 1)}
                    >
                      ↓
                    </button>
                  </li>
                ))}
              </ol>
              <ErrorBox error={reorder.error} />
              <AddTaskForm
                recipe={recipe.data}
                count={currentCount}
                onAdded={async () => {
                  setSelected(tasks.length);
                  await refresh();
                }}
              />
            </div>
            <div>
              {tasks[selected] ? (
                <TaskEditor
                  key={tasks[selected].id}
                  recipe={recipe.data}
                  task={tasks[selected]}
                  allTasks={tasks}
                  onChanged={refresh}
                  onDeleted={async () => {
                    setSelected(Math.max(0, selected - 1));
                    await refresh();
                  }}
                />
              ) : null}
            </div>
          </div>
          <VersionHistory versions={versions.data ?? []} current={versionNumber} />
        </>
      )}
    </section>
  );
}

function RecipeForm({
  recipe,
  count,
  onSaved,
}: {
  recipe: Recipe;
  count: number | null;
  onSaved(): Promise<void>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, error, busy } = useAction();
  const [form, setForm] = useState({
    name: recipe.name,
    description: recipe.description ?? '',
    change_notes: '',
  });
  const version = recipe.current_version?.version_number ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await run(() => api<Recipe>(`/recipes/${recipe.id}`, { method: 'PUT', body: form }));
    if (saved) {
      setForm({ ...form, change_notes: '' });
      await onSaved();
    }
  }

  async function deactivate() {
    if (!window.confirm(t('maker.deactivateConfirm', { code: recipe.code }))) return;
    const done = await run(() => api<Recipe>(`/recipes/${recipe.id}`, { method: 'DELETE' }));
    if (done) navigate('/maker');
  }

  return (
    <form className="card" onSubmit={submit}>
      <div className="row">
        <label>
          {t('common.name')}
          <input
            name="name"
            value={form.name}
            maxLength={255}
            required
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </label>
        <label style={{ flex: 1 }}>
          {t('common.description')}
          <input
            name="description"
            value={form.description}
            maxLength={2000}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </label>
        <label style={{ flex: 1 }}>
          {t('history.releaseReason')}
          <input
            name="change_notes"
            value={form.change_notes}
            maxLength={2000}
            required
            onChange={(e) => setForm({ ...form, change_notes: e.target.value })}
          />
        </label>
      </div>
      <VersionNotice kind="recipe" version={version} count={count} />
      <ErrorBox error={error} />
      <div className="toolbar">
        <button type="submit" className="primary" disabled={busy}>
          {t('common.save')}
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => void deactivate()}>
          {t('maker.deactivate')}
        </button>
      </div>
    </form>
  );
}

function AddTaskForm({
  recipe,
  count,
  onAdded,
}: {
  recipe: Recipe;
  count: number | null;
  onAdded(): Promise<void>;
}) {
  const { t } = useTranslation();
  const { run, error, busy } = useAction();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ title: '', directive: '', description: '' });
  const version = recipe.current_version?.version_number ?? 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // no file_type until an image is uploaded (the spec gives it as a string, so null is not sent)
    const body = { ...form, annotations_json: null, subtasks: [] };
    const created = await run(() => api<Task>(`/recipes/${recipe.id}/tasks`, { method: 'POST', body }));
    if (created) {
      setForm({ title: '', directive: '', description: '' });
      setOpen(false);
      await onAdded();
    }
  }

  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t('maker.addTask')}
      </button>
    );
  }
  return (
    <form onSubmit={submit} style={{ display: 'grid', gap: '0.5rem' }}>
      <label>
        {t('maker.title')}
        <input
          name="task_title"
          value={form.title}
          maxLength={255}
          required
          onChange={(e) => setForm({ ...form, title: e.target.value })}
        />
      </label>
      <label>
        {t('maker.directive')}
        <input
          name="task_directive"
          value={form.directive}
          maxLength={2000}
          onChange={(e) => setForm({ ...form, directive: e.target.value })}
        />
      </label>
      <label>
        {t('common.description')}
        <textarea
          name="task_description"
          value={form.description}
          maxLength={5000}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
        />
      </label>
      <VersionNotice kind="recipe" version={version} count={count} />
      <ErrorBox error={error} />
      <FormActions busy={busy} submitLabel="create" onCancel={() => setOpen(false)} />
    </form>
  );
}

function VersionHistory({ versions, current }: { versions: VersionWithCount[]; current: number }) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <h2 style={{ marginTop: 0 }}>{t('maker.history')}</h2>
      <table>
        <thead>
          <tr>
            <th>{t('maker.version')}</th>
            <th>{t('maker.changeNotes')}</th>
            <th>{t('maker.created')}</th>
            <th className="num">{t('maker.measurements')}</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.version_number}>
              <td>
                {version.version_number} {version.version_number === current && <b>({t('maker.current')})</b>}
              </td>
              <td>{version.change_notes}</td>
              <td>{formatDateTime(version.created_at)}</td>
              <td className="num">{version.measurement_count ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
