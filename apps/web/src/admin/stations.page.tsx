import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { Paged, RecipeSummary, Station, StationRecipe } from '../api/types';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';

interface StationForm {
  code: string;
  name: string;
  location: string;
  notes: string;
  active: boolean;
}

export function StationsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stations = useQuery({ queryKey: ['stations'], queryFn: () => api<Station[]>('/stations') });
  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['stations'] });
  const station = stations.data?.find((s) => s.id === selected);

  return (
    <section>
      <h1>{t('admin.stations')}</h1>
      <ErrorBox error={stations.error} />
      <div className="toolbar">
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          {t('admin.newStation')}
        </button>
      </div>
      {creating && (
        <StationEditor
          onSaved={async (saved) => {
            setCreating(false);
            setSelected(saved.id);
            await refresh();
          }}
          onCancel={() => setCreating(false)}
        />
      )}
      {stations.isPending ? (
        <Loading />
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('common.code')}</th>
              <th>{t('common.name')}</th>
              <th>{t('admin.location')}</th>
              <th>{t('common.active')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {stations.data?.map((s) => (
              <tr key={s.id}>
                <td>{s.code}</td>
                <td>{s.name}</td>
                <td>{s.location}</td>
                <td>{s.active ? t('common.yes') : t('common.no')}</td>
                <td>
                  <button
                    type="button"
                    className={s.id === selected ? 'primary' : undefined}
                    onClick={() => setSelected(s.id)}
                  >
                    {t('common.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {station && (
        <div className="grid-2" style={{ marginTop: '1rem' }}>
          <StationEditor
            key={station.id}
            station={station}
            onSaved={refresh}
            onDeleted={async () => {
              setSelected(null);
              await refresh();
            }}
          />
          <Assignments station={station} />
        </div>
      )}
    </section>
  );
}

function StationEditor({
  station,
  onSaved,
  onCancel,
  onDeleted,
}: {
  station?: Station;
  onSaved(station: Station): Promise<void> | void;
  onCancel?(): void;
  onDeleted?(): Promise<void>;
}) {
  const { t } = useTranslation();
  const { run, error, busy } = useAction();
  const [form, setForm] = useState<StationForm>({
    code: station?.code ?? '',
    name: station?.name ?? '',
    location: station?.location ?? '',
    notes: station?.notes ?? '',
    active: station?.active ?? true,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name: form.name,
      location: form.location || null,
      notes: form.notes || null,
      active: form.active,
    };
    const saved = await run(() =>
      station
        ? api<Station>(`/stations/${station.id}`, { method: 'PUT', body })
        : api<Station>('/stations', { method: 'POST', body: { ...body, code: form.code } }),
    );
    if (saved) await onSaved(saved);
  }

  async function remove() {
    if (!station || !window.confirm(t('admin.deleteStationConfirm', { code: station.code }))) return;
    const done = await run(async () => {
      await api(`/stations/${station.id}`, { method: 'DELETE' });
      return true;
    });
    if (done) await onDeleted?.();
  }

  return (
    <form className="card" onSubmit={submit} style={{ display: 'grid', gap: '0.6rem' }}>
      <h2 style={{ marginTop: 0 }}>{station ? station.code : t('admin.newStation')}</h2>
      {!station && (
        <label>
          {t('common.code')}
          <input
            name="station_code"
            value={form.code}
            minLength={1}
            maxLength={100}
            required
            onChange={(e) => setForm({ ...form, code: e.target.value })}
          />
        </label>
      )}
      <label>
        {t('common.name')}
        <input
          name="station_name"
          value={form.name}
          minLength={1}
          maxLength={255}
          required
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
      </label>
      <label>
        {t('admin.location')}
        <input
          name="station_location"
          value={form.location}
          maxLength={255}
          onChange={(e) => setForm({ ...form, location: e.target.value })}
        />
      </label>
      <label>
        {t('admin.notes')}
        <textarea
          name="station_notes"
          value={form.notes}
          maxLength={5000}
          onChange={(e) => setForm({ ...form, notes: e.target.value })}
        />
      </label>
      <label className="inline">
        <input
          type="checkbox"
          name="station_active"
          checked={form.active}
          onChange={() => setForm({ ...form, active: !form.active })}
        />
        {t('common.active')}
      </label>
      <ErrorBox error={error} />
      <div className="toolbar">
        <button type="submit" className="primary" disabled={busy}>
          {station ? t('common.save') : t('common.create')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
        {station && (
          <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>
            {t('admin.deleteStation')}
          </button>
        )}
      </div>
    </form>
  );
}

function Assignments({ station }: { station: Station }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const assigned = useQuery({
    queryKey: ['stations', station.id, 'recipes'],
    queryFn: () => api<StationRecipe[]>(`/stations/${station.id}/recipes`),
  });
  const recipes = useQuery({
    queryKey: ['recipes', 'all'],
    queryFn: () => api<Paged<RecipeSummary>>('/recipes', { query: { per_page: 100 } }),
  });
  const { run, error, busy } = useAction();
  const [choice, setChoice] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['stations', station.id, 'recipes'] });
  const assignedIds = new Set(assigned.data?.map((r) => r.id));

  async function assign(event: FormEvent) {
    event.preventDefault();
    if (!choice) return;
    await run(() =>
      api(`/stations/${station.id}/recipes`, { method: 'POST', body: { recipe_id: Number(choice) } }),
    );
    setChoice('');
    await refresh();
  }

  async function unassign(recipeId: number) {
    await run(() => api(`/stations/${station.id}/recipes/${recipeId}`, { method: 'DELETE' }));
    await refresh();
  }

  return (
    <div className="card">
      <h2 style={{ marginTop: 0 }}>{t('admin.assigned')}</h2>
      <ErrorBox error={assigned.error ?? recipes.error ?? error} />
      <table>
        <tbody>
          {assigned.data?.map((recipe) => (
            <tr key={recipe.id}>
              <td>{recipe.code}</td>
              <td>{recipe.name}</td>
              <td>{recipe.active ? t('common.active') : t('common.inactive')}</td>
              <td>
                <button
                  type="button"
                  className="danger"
                  disabled={busy}
                  onClick={() => void unassign(recipe.id)}
                >
                  {t('admin.unassign')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {assigned.data?.length === 0 && <p className="muted">{t('common.none')}</p>}
      <form className="toolbar" onSubmit={assign}>
        <select
          name="assign_recipe"
          aria-label={t('admin.chooseRecipe')}
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">{t('admin.chooseRecipe')}</option>
          {recipes.data?.items
            .filter((recipe) => !assignedIds.has(recipe.id))
            .map((recipe) => (
              <option key={recipe.id} value={recipe.id}>
                {recipe.code} · {recipe.name}
              </option>
            ))}
        </select>
        <button type="submit" className="primary" disabled={!choice || busy}>
          {t('admin.assign')}
        </button>
      </form>
    </div>
  );
}
