/**
 * The selection both metrology pages work on: the filters (kept for the tab, overridden by a link), the
 * recipes, the recipe's versions, the chosen version's characteristics and the chosen one among them.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { VersionSummary } from '../api/metrology-types';
import type { Paged, RecipeSummary, SubtaskOption } from '../api/types';
import { chosenVersionId, type Filters, loadFilters, saveFilters, type VersionChoice } from './filters';

export function useSelection(search: string) {
  const [filters, setState] = useState<Filters>(() => {
    const loaded = loadFilters(search);
    saveFilters(loaded);
    return loaded;
  });
  const set = (patch: Partial<Filters>) => {
    const next = { ...filters, ...patch };
    saveFilters(next);
    setState(next);
  };
  const recipes = useQuery({
    queryKey: ['recipes', 'all'],
    queryFn: () => api<Paged<RecipeSummary>>('/recipes', { query: { per_page: 100 } }),
  });
  const versions = useQuery({
    queryKey: ['recipe-versions', filters.recipe_id],
    queryFn: () => api<VersionSummary[]>(`/recipes/${filters.recipe_id}/versions`),
    enabled: filters.recipe_id !== null,
  });
  const versionId = chosenVersionId(filters);
  const subtasks = useQuery({
    queryKey: ['stat-subtasks', filters.recipe_id, versionId],
    queryFn: () =>
      api<SubtaskOption[]>('/statistics/subtasks', {
        query: { recipe_id: filters.recipe_id, version_id: versionId },
      }),
    enabled: filters.recipe_id !== null,
  });
  const recipe = recipes.data?.items.find((r) => r.id === filters.recipe_id);
  const currentNumber = recipe?.current_version?.version_number;
  const chosen = versions.data?.find((v) => v.id === versionId);
  return {
    filters,
    set,
    recipes,
    recipe,
    versions,
    subtasks,
    /** The chosen characteristic in the listed version. */
    subtask: subtasks.data?.find((s) => s.marker_number === filters.marker),
    currentNumber,
    /** An older version chosen: shown read-only and compared with the current one. */
    oldVersion: chosen && chosen.version_number !== currentNumber ? chosen : undefined,
  };
}

export type Selection = ReturnType<typeof useSelection>;

const versionValue = (choice: VersionChoice) => String(choice);

/** Recipe and version pickers, the part of the selection both pages show. */
export function RecipeVersionPickers({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  const { filters, set, recipes, versions, currentNumber } = selection;
  return (
    <>
      <label>
        {t('metrology.recipe')}
        <select
          name="recipe"
          value={filters.recipe_id ?? ''}
          onChange={(e) =>
            set({
              recipe_id: e.target.value ? Number(e.target.value) : null,
              version: 'current',
              marker: null,
            })
          }
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
        {t('metrology.versions')}
        <select
          name="versions"
          value={versionValue(filters.version)}
          disabled={filters.recipe_id === null}
          onChange={(e) => {
            const value = e.target.value;
            set({ version: value === 'current' || value === 'all' ? value : Number(value) });
          }}
        >
          <option value="current">{t('spcOverview.currentVersion', { number: currentNumber ?? '–' })}</option>
          <option value="all">{t('metrology.allVersions')}</option>
          {versions.data
            ?.filter((v) => v.version_number !== currentNumber)
            .map((v) => (
              <option key={v.id} value={v.id}>
                {t('spcOverview.oldVersion', { number: v.version_number })}
              </option>
            ))}
        </select>
      </label>
    </>
  );
}
