import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, download, type Query } from '../api/client';
import type {
  Capability,
  ControlChart,
  Histogram,
  Paged,
  Recipe,
  RuleSetName,
  SubtaskOption,
  Summary,
} from '../api/types';
import { formatNumber } from '../format';
import { ErrorBox, useErrorText } from '../ui/status';
import { useAction } from '../ui/use-action';
import { useChartLabels } from './chart-labels';
import { controlChartOption, histogramOption } from './chart-options';
import { themeColors } from './echart';
import { MeasurementTable } from './measurement-table';
import { movingRangeOption } from './mr-chart-option';
import { ControlChartCard, HistogramCard } from './spc-charts';
import { CapabilityCard, SummaryCard } from './stat-cards';

export interface Filters {
  recipe_id: number | null;
  subtask_id: number | null;
  date_from: string;
  date_to: string;
  lot_number: string;
  serial_number: string;
  /** The characteristic in every version of the recipe (its marker number), oldest version first. */
  across_versions: boolean;
  /** Rule set of the control chart (and the SPC report); not a filter of the other endpoints. */
  rules: RuleSetName;
}

/** datetime-local gives local wall time without a zone; the API wants ISO 8601 with one. */
export function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function filterQuery(filters: Filters): Query {
  return {
    recipe_id: filters.recipe_id,
    subtask_id: filters.subtask_id,
    date_from: toIso(filters.date_from),
    date_to: toIso(filters.date_to),
    lot_number: filters.lot_number.trim(),
    serial_number: filters.serial_number.trim(),
    across_versions: filters.across_versions && filters.subtask_id !== null ? true : undefined,
  };
}

/** PDFs are written in the user's language (their setting, server-side) and in this browser's time zone. */
const reportZone = () => ({ time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone });

const FILTERS_KEY = 'measure.spcFilters';
const NO_FILTERS: Filters = {
  recipe_id: null,
  subtask_id: null,
  date_from: '',
  date_to: '',
  lot_number: '',
  serial_number: '',
  across_versions: false,
  rules: 'nelson',
};

/** The selection survives a visit to another page (e.g. the profile) within the browser tab. */
function loadFilters(): Filters {
  try {
    return {
      ...NO_FILTERS,
      ...(JSON.parse(sessionStorage.getItem(FILTERS_KEY) ?? '{}') as Partial<Filters>),
    };
  } catch {
    return NO_FILTERS;
  }
}

export function MetrologyPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFiltersState] = useState<Filters>(loadFilters);
  const setFilters = (next: Filters) => {
    sessionStorage.setItem(FILTERS_KEY, JSON.stringify(next));
    setFiltersState(next);
  };
  const query = filterQuery(filters);
  const recipes = useQuery({
    queryKey: ['recipes', 'all'],
    queryFn: () => api<Paged<Recipe>>('/recipes', { query: { per_page: 100 } }),
  });
  const subtasks = useQuery({
    queryKey: ['stat-subtasks', filters.recipe_id],
    queryFn: () => api<SubtaskOption[]>('/statistics/subtasks', { query: { recipe_id: filters.recipe_id } }),
    enabled: filters.recipe_id !== null,
  });
  const subtask = subtasks.data?.find((s) => s.id === filters.subtask_id);
  const haveSubtask = filters.recipe_id !== null && filters.subtask_id !== null;
  const summary = useQuery({
    queryKey: ['summary', query],
    queryFn: () => api<Summary>('/statistics/summary', { query }),
    enabled: filters.recipe_id !== null,
  });
  const capability = useQuery({
    queryKey: ['capability', query],
    queryFn: () => api<Capability>('/statistics/capability', { query }),
    enabled: haveSubtask,
  });
  const chartQuery = { ...query, rules: filters.rules };
  const control = useQuery({
    queryKey: ['control', chartQuery],
    queryFn: () => api<ControlChart>('/statistics/control-chart', { query: chartQuery }),
    enabled: haveSubtask,
  });
  const histogram = useQuery({
    queryKey: ['histogram', query],
    queryFn: () => api<Histogram>('/statistics/histogram', { query }),
    enabled: haveSubtask,
  });
  const downloads = useAction();
  const errorText = useErrorText();

  const labels = useChartLabels();
  const controlOption = useMemo(
    () => control.data && controlChartOption(control.data, subtask, labels, themeColors()),
    [control.data, subtask, labels],
  );
  const mrOption = useMemo(
    () => control.data && movingRangeOption(control.data, subtask, labels, themeColors()),
    [control.data, subtask, labels],
  );
  const histogramOpt = useMemo(
    () => histogram.data && histogramOption(histogram.data, subtask, labels, themeColors()),
    [histogram.data, subtask, labels],
  );
  const set = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch });
  const recipeCode = recipes.data?.items.find((r) => r.id === filters.recipe_id)?.code ?? 'recipe';

  return (
    <section>
      <h1>{t('metrology.title')}</h1>
      <div className="card row">
        <label>
          {t('metrology.recipe')}
          <select
            name="recipe"
            value={filters.recipe_id ?? ''}
            onChange={(e) =>
              set({ recipe_id: e.target.value ? Number(e.target.value) : null, subtask_id: null })
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
          {t('metrology.subtask')}
          <select
            name="subtask"
            value={filters.subtask_id ?? ''}
            onChange={(e) => set({ subtask_id: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('metrology.chooseSubtask')}</option>
            {subtasks.data?.map((option) => (
              <option key={option.id} value={option.id}>
                {option.marker_number} · {option.task_title} · {option.description}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('metrology.versions')}
          <select
            name="versions"
            value={filters.across_versions ? 'all' : 'one'}
            onChange={(e) => set({ across_versions: e.target.value === 'all' })}
          >
            <option value="one">{t('metrology.thisVersion')}</option>
            <option value="all">{t('metrology.allVersions')}</option>
          </select>
        </label>
        <label>
          {t('metrology.dateFrom')}
          <input
            type="datetime-local"
            name="date_from"
            value={filters.date_from}
            onChange={(e) => set({ date_from: e.target.value })}
          />
        </label>
        <label>
          {t('metrology.dateTo')}
          <input
            type="datetime-local"
            name="date_to"
            value={filters.date_to}
            onChange={(e) => set({ date_to: e.target.value })}
          />
        </label>
        <label>
          {t('metrology.lot')}
          <input
            name="lot"
            value={filters.lot_number}
            maxLength={100}
            onChange={(e) => set({ lot_number: e.target.value })}
          />
        </label>
        <label>
          {t('metrology.serial')}
          <input
            name="serial"
            value={filters.serial_number}
            maxLength={100}
            onChange={(e) => set({ serial_number: e.target.value })}
          />
        </label>
      </div>
      <ErrorBox
        error={
          recipes.error ??
          subtasks.error ??
          summary.error ??
          capability.error ??
          control.error ??
          histogram.error
        }
      />
      {filters.recipe_id !== null && (
        <div className="toolbar">
          <button
            type="button"
            disabled={!haveSubtask || downloads.busy}
            onClick={() =>
              void downloads.run(() =>
                download('/reports/spc', { ...chartQuery, ...reportZone() }, `spc-${recipeCode}.pdf`),
              )
            }
          >
            {t('metrology.spcReport')}
          </button>
          <button
            type="button"
            disabled={downloads.busy}
            onClick={() =>
              void downloads.run(() =>
                download(
                  '/reports/measurements',
                  { ...query, ...reportZone() },
                  `measurements-${recipeCode}.pdf`,
                ),
              )
            }
          >
            {t('metrology.measurementReport')}
          </button>
          <button
            type="button"
            disabled={downloads.busy}
            onClick={() =>
              void downloads.run(() =>
                download('/measurements/export/csv', query, `measurements-${recipeCode}.csv`),
              )
            }
          >
            {t('metrology.csv')}
          </button>
        </div>
      )}
      {downloads.error ? (
        <div className="error-box" role="alert">
          {t('metrology.downloadFailed', { detail: errorText(downloads.error) })}
        </div>
      ) : null}
      <div className="grid-2">
        {summary.data && <SummaryCard summary={summary.data} />}
        {capability.data && <CapabilityCard capability={capability.data} />}
      </div>
      {control.data && controlOption && mrOption && (
        <ControlChartCard
          chart={control.data}
          option={controlOption}
          mrOption={mrOption}
          ruleSet={filters.rules}
          onRuleSet={(rules) => set({ rules })}
        />
      )}
      {histogram.data && histogramOpt && <HistogramCard histogram={histogram.data} option={histogramOpt} />}
      {filters.recipe_id !== null && <MeasurementTable filters={query} />}
    </section>
  );
}
