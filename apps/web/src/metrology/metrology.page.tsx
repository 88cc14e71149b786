import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api, download } from '../api/client';
import type { Capability, ControlChart, Histogram, Summary } from '../api/types';
import { ErrorBox, useErrorText } from '../ui/status';
import { useAction } from '../ui/use-action';
import { useChartLabels } from './chart-labels';
import { controlChartOption, histogramOption } from './chart-options';
import { themeColors } from './echart';
import { filterQuery } from './filters';
import { MeasurementTable } from './measurement-table';
import { movingRangeOption } from './mr-chart-option';
import { RecipeVersionPickers, useSelection } from './selection';
import { ControlChartCard, HistogramCard } from './spc-charts';
import { CapabilityCard, SummaryCard } from './stat-cards';
import { VersionChangesCard } from './version-changes';

/** PDFs are written in the user's language (their setting, server-side) and in this browser's time zone. */
const reportZone = () => ({ time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone });

/** One characteristic's statistics and charts; reached from the overview or by picking it here. */
export function MetrologyPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const selection = useSelection(location.search);
  const { filters, set, subtask, subtasks } = selection;
  const query = filterQuery(filters, subtask?.id ?? null);
  const summary = useQuery({
    queryKey: ['summary', query],
    queryFn: () => api<Summary>('/statistics/summary', { query }),
    enabled: filters.recipe_id !== null,
  });
  const haveSubtask = filters.recipe_id !== null && subtask !== undefined;
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
  const histogramQuery = { ...query, n_bins: filters.n_bins };
  const histogram = useQuery({
    queryKey: ['histogram', histogramQuery],
    queryFn: () => api<Histogram>('/statistics/histogram', { query: histogramQuery }),
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
  const recipeCode = selection.recipe?.code ?? 'recipe';
  const reportQuery = { ...chartQuery, n_bins: filters.n_bins };

  return (
    <section>
      <p>
        <Link to="/metrology">← {t('spcOverview.title')}</Link>
      </p>
      <h1>{t('metrology.title')}</h1>
      <div className="card row">
        <RecipeVersionPickers selection={selection} />
        <label>
          {t('metrology.subtask')}
          <select
            name="subtask"
            value={filters.marker ?? ''}
            onChange={(e) => set({ marker: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('metrology.chooseSubtask')}</option>
            {subtasks.data?.map((option) => (
              <option key={option.id} value={option.marker_number}>
                {option.marker_number} · {option.task_title} · {option.description}
              </option>
            ))}
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
          selection.recipes.error ??
          subtasks.error ??
          summary.error ??
          capability.error ??
          control.error ??
          histogram.error
        }
      />
      {filters.marker !== null && subtasks.data && !subtask && (
        <p className="muted" data-testid="no-such-point">
          {t('spcOverview.pointNotInVersion', { marker: filters.marker })}
        </p>
      )}
      {selection.oldVersion && filters.recipe_id !== null && (
        <VersionChangesCard recipeId={filters.recipe_id} version={selection.oldVersion} />
      )}
      {filters.recipe_id !== null && (
        <div className="toolbar">
          <button
            type="button"
            disabled={!haveSubtask || downloads.busy}
            onClick={() =>
              void downloads.run(() =>
                download('/reports/spc', { ...reportQuery, ...reportZone() }, `spc-${recipeCode}.pdf`),
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
      {histogram.data && histogramOpt && (
        <HistogramCard
          histogram={histogram.data}
          option={histogramOpt}
          bins={filters.n_bins}
          onBins={(n_bins) => set({ n_bins })}
        />
      )}
      {filters.recipe_id !== null && <MeasurementTable filters={query} />}
    </section>
  );
}
