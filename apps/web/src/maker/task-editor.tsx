import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { Annotations, FileUploadResult, Recipe, Subtask, Task } from '../api/types';
import { markersOf, nextMarkerNumber, placeMarker } from '../domain/markers';
import { formatNumber } from '../format';
import { ErrorBox } from '../ui/status';
import { TaskImage } from '../ui/task-image';
import { useAction } from '../ui/use-action';
import { SubtaskForm, type SubtaskInput } from './subtask-form';

interface TaskEditorProps {
  recipe: Recipe;
  task: Task;
  allTasks: Task[];
  onChanged(): Promise<void>;
  onDeleted(): Promise<void>;
}

export function TaskEditor({ recipe, task, allTasks, onChanged, onDeleted }: TaskEditorProps) {
  const { t } = useTranslation();
  const action = useAction();
  const subtaskAction = useAction();
  const [form, setForm] = useState({
    title: task.title,
    directive: task.directive ?? '',
    description: task.description ?? '',
  });
  const [placing, setPlacing] = useState<number | null>(null);
  const [editing, setEditing] = useState<Subtask | 'new' | null>(null);
  const subtasks = [...task.subtasks].sort((a, b) => a.marker_number - b.marker_number);
  const placed = new Set(markersOf(task.annotations_json).map((m) => m.marker_number));

  const updateTask = (body: Record<string, unknown>) =>
    action.run(async () => {
      await api<Task>(`/tasks/${task.id}`, { method: 'PUT', body });
      await onChanged();
    });

  async function saveFields(event: FormEvent) {
    event.preventDefault();
    await updateTask(form);
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const body = new FormData();
    body.append('file', file);
    body.append('recipe_id', String(recipe.id));
    body.append('version_id', String(task.version_id));
    const stored = await action.run(() => api<FileUploadResult>('/files/upload', { method: 'POST', body }));
    if (stored) await updateTask({ file_type: 'image', file_path: stored.file_path });
  }

  async function place(position: { x: number; y: number }) {
    if (placing === null) return;
    const annotations: Annotations = placeMarker(task.annotations_json, {
      marker_number: placing,
      ...position,
    });
    setPlacing(null);
    await updateTask({ annotations_json: annotations });
  }

  async function saveSubtask(values: SubtaskInput, reason?: string) {
    const done = await subtaskAction.run(() =>
      editing === 'new' || editing === null
        ? api<Subtask>(`/tasks/${task.id}/subtasks`, { method: 'POST', body: values })
        : api<Subtask>(`/subtasks/${editing.id}`, {
            method: 'PUT',
            body: reason ? { ...values, reason } : values,
          }),
    );
    if (done) {
      setEditing(null);
      await onChanged();
    }
  }

  async function deleteSubtask(subtask: Subtask) {
    if (!window.confirm(`${t('common.delete')}: ${t('operator.point', { n: subtask.marker_number })}?`))
      return;
    await action.run(async () => {
      await api(`/subtasks/${subtask.id}`, { method: 'DELETE' });
      await onChanged();
    });
  }

  async function deleteTask() {
    if (!window.confirm(t('maker.deleteTaskConfirm', { title: task.title }))) return;
    await action.run(async () => {
      await api(`/tasks/${task.id}`, { method: 'DELETE' });
      await onDeleted();
    });
  }

  const usedMarkers = allTasks.flatMap((other) => other.subtasks.map((s) => s.marker_number));
  const blank: SubtaskInput = {
    marker_number: nextMarkerNumber(usedMarkers),
    description: '',
    measurement_type: 'length',
    unit: 'mm',
    nominal: Number.NaN,
    ltl: Number.NaN,
    lwl: Number.NaN,
    uwl: Number.NaN,
    utl: Number.NaN,
  };

  return (
    <div className="card">
      <form onSubmit={saveFields}>
        <div className="row">
          <label style={{ flex: 1 }}>
            {t('maker.title')}
            <input
              name="title"
              value={form.title}
              maxLength={255}
              required
              onChange={(e) => setForm({ ...form, title: e.target.value })}
            />
          </label>
          <label style={{ flex: 2 }}>
            {t('maker.directive')}
            <input
              name="directive"
              value={form.directive}
              maxLength={2000}
              onChange={(e) => setForm({ ...form, directive: e.target.value })}
            />
          </label>
        </div>
        <label style={{ marginTop: '0.5rem' }}>
          {t('common.description')}
          <textarea
            name="description"
            value={form.description}
            maxLength={5000}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </label>
        <div className="toolbar">
          <button type="submit" className="primary" disabled={action.busy}>
            {t('common.save')}
          </button>
          <label className="inline">
            {t('maker.uploadImage')}
            <input
              type="file"
              name="image"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={upload}
            />
          </label>
          <button type="button" className="danger" disabled={action.busy} onClick={() => void deleteTask()}>
            {t('maker.deleteTask')}
          </button>
        </div>
      </form>
      <ErrorBox error={action.error} />
      <h3>{t('maker.image')}</h3>
      <p className="muted">{placing === null ? t('maker.markerHint') : t('maker.placing', { n: placing })}</p>
      <TaskImage
        filePath={task.file_path}
        annotations={task.annotations_json}
        currentMarker={placing}
        onPlace={placing === null ? undefined : (position) => void place(position)}
        onCancel={() => setPlacing(null)}
        alt={task.title}
      />
      <h3>{t('maker.subtasks')}</h3>
      <table>
        <thead>
          <tr>
            <th>{t('maker.markerNumber')}</th>
            <th>{t('common.description')}</th>
            {(['ltl', 'lwl', 'nominal', 'uwl', 'utl'] as const).map((field) => (
              <th key={field} className="num">
                {t(`maker.${field}`)}
              </th>
            ))}
            <th>{t('maker.unit')}</th>
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {subtasks.map((subtask) => (
            <tr key={subtask.id}>
              <td>
                <b>{subtask.marker_number}</b> {placed.has(subtask.marker_number) ? '●' : '○'}
              </td>
              <td>{subtask.description}</td>
              {(['ltl', 'lwl', 'nominal', 'uwl', 'utl'] as const).map((field) => (
                <td key={field} className="num">
                  {formatNumber(subtask[field])}
                </td>
              ))}
              <td>{subtask.unit}</td>
              <td>
                <div className="toolbar" style={{ margin: 0 }}>
                  <button
                    type="button"
                    className={placing === subtask.marker_number ? 'primary' : undefined}
                    disabled={!task.file_path}
                    onClick={() =>
                      setPlacing(placing === subtask.marker_number ? null : subtask.marker_number)
                    }
                  >
                    {t('maker.placeMarker')}
                  </button>
                  <button type="button" onClick={() => setEditing(subtask)}>
                    {t('common.edit')}
                  </button>
                  <button type="button" className="danger" onClick={() => void deleteSubtask(subtask)}>
                    {t('common.delete')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing ? (
        <SubtaskForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? blank : editing}
          busy={subtaskAction.busy}
          error={subtaskAction.error}
          askReason={editing !== 'new'}
          onSubmit={(values, reason) => void saveSubtask(values, reason)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div className="toolbar">
          <button type="button" onClick={() => setEditing('new')}>
            {t('maker.addSubtask')}
          </button>
        </div>
      )}
    </div>
  );
}
