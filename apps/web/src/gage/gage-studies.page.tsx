import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { Paged, RecipeSummary, SubtaskOption } from '../api/types';
import { ErrorBox } from '../ui/status';
import { useAction } from '../ui/use-action';
import { GageResult } from './gage-result';
import type { GageStudy, OperatorCandidate } from './gage-types';

/** A metrologist defines a gage R&R study, follows each operator's progress and reads the result. */
export function GageStudiesPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number | null>(null);
  const studies = useQuery({
    queryKey: ['gage-studies'],
    queryFn: () => api<GageStudy[]>('/gage-studies'),
    refetchInterval: 5_000,
  });
  const study = studies.data?.find((s) => s.id === selected);
  return (
    <section>
      <h1>{t('gage.title')}</h1>
      <DefineStudy onDefined={setSelected} />
      <div className="card">
        <h2>{t('gage.studies')}</h2>
        <ErrorBox error={studies.error} />
        <table data-testid="gage-studies">
          <thead>
            <tr>
              <th>{t('gage.name')}</th>
              <th>{t('gage.characteristic')}</th>
              <th>{t('gage.design')}</th>
              <th>{t('gage.progress')}</th>
            </tr>
          </thead>
          <tbody>
            {studies.data?.map((s) => (
              <tr key={s.id} data-study={s.id} className={s.id === selected ? 'selected' : undefined}>
                <td>
                  <button type="button" className="link" onClick={() => setSelected(s.id)}>
                    {s.name}
                  </button>
                </td>
                <td>
                  {s.recipe_code} · #{s.marker_number} {s.characteristic}
                </td>
                <td>
                  {s.parts} × {s.operators.length} × {s.trials}
                </td>
                <td>
                  {s.operators
                    .map((o) => `${o.display_name || o.username} ${o.recorded}/${o.total}`)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {study && (
        <div>
          <h2>{study.name}</h2>
          <GageResult study={study} />
        </div>
      )}
    </section>
  );
}

function DefineStudy({ onDefined }: { onDefined(id: number): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [recipeId, setRecipeId] = useState<number | null>(null);
  const [operatorIds, setOperatorIds] = useState<number[]>([]);
  const define = useAction();
  const recipes = useQuery({
    queryKey: ['recipes', 'all'],
    queryFn: () => api<Paged<RecipeSummary>>('/recipes', { query: { per_page: 100 } }),
  });
  const subtasks = useQuery({
    queryKey: ['stat-subtasks', recipeId],
    queryFn: () => api<SubtaskOption[]>('/statistics/subtasks', { query: { recipe_id: recipeId } }),
    enabled: recipeId !== null,
  });
  const candidates = useQuery({
    queryKey: ['gage-operators'],
    queryFn: () => api<OperatorCandidate[]>('/gage-studies/operators'),
  });
  const toggle = (id: number) =>
    setOperatorIds(operatorIds.includes(id) ? operatorIds.filter((o) => o !== id) : [...operatorIds, id]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void define.run(async () => {
      const created = await api<GageStudy>('/gage-studies', {
        method: 'POST',
        body: {
          subtask_id: Number(form.get('subtask')),
          name: String(form.get('name') ?? '').trim() || undefined,
          parts: Number(form.get('parts')),
          trials: Number(form.get('trials')),
          operator_ids: operatorIds,
        },
      });
      await client.invalidateQueries({ queryKey: ['gage-studies'] });
      onDefined(created.id);
    });
  };

  return (
    <form className="card" onSubmit={submit} data-testid="define-study">
      <h2>{t('gage.define')}</h2>
      <div className="row">
        <label>
          {t('metrology.recipe')}
          <select
            name="recipe"
            required
            value={recipeId ?? ''}
            onChange={(e) => setRecipeId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('metrology.chooseRecipe')}</option>
            {recipes.data?.items.map((recipe) => (
              <option key={recipe.id} value={recipe.id}>
                {recipe.code} · {recipe.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('gage.characteristic')}
          <select name="subtask" required>
            <option value="">{t('metrology.chooseSubtask')}</option>
            {subtasks.data?.map((option) => (
              <option key={option.id} value={option.id}>
                {option.marker_number} · {option.task_title} · {option.description}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('gage.name')}
          <input name="name" maxLength={200} />
        </label>
        <label>
          {t('gage.parts')}
          <input name="parts" type="number" min={2} max={30} defaultValue={10} required />
        </label>
        <label>
          {t('gage.trials')}
          <input name="trials" type="number" min={2} max={10} defaultValue={3} required />
        </label>
      </div>
      <fieldset>
        <legend>{t('gage.operators')}</legend>
        {candidates.data?.map((c) => (
          <label key={c.id} className="inline">
            <input type="checkbox" checked={operatorIds.includes(c.id)} onChange={() => toggle(c.id)} />
            {c.display_name || c.username}
          </label>
        ))}
      </fieldset>
      <ErrorBox error={define.error} />
      <button type="submit" disabled={define.busy || operatorIds.length < 2}>
        {t('gage.create')}
      </button>
    </form>
  );
}
