import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type Query } from '../api/client';
import { useSettings } from '../api/settings-query';
import type { Exclusion, Measurement, Paged } from '../api/types';
import { formatNumber } from '../format';
import { ErrorBox } from '../ui/status';
import { useAction } from '../ui/use-action';

const PAGE = 500;

/** Every query whose answer an exclusion changes: the statistics, the chart and the exclusions themselves. */
const AFFECTED = ['summary', 'capability', 'control', 'histogram', 'exclusions', 'measurements'];
const refreshAffected = (queryClient: QueryClient) =>
  Promise.all(AFFECTED.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));

/**
 * The selection's exclusions in force, by measurement id. Read page by page: exclusions are rare, but a
 * row must never show "counted" for a point that is excluded.
 */
export function useActiveExclusions(filters: Query) {
  const query = { recipe_id: filters.recipe_id, subtask_id: filters.subtask_id, active: true };
  return useQuery({
    queryKey: ['exclusions', query],
    enabled: filters.recipe_id !== null && filters.recipe_id !== undefined,
    queryFn: async () => {
      const byMeasurement = new Map<number, Exclusion>();
      for (let page = 1; ; page++) {
        const answer = await api<Paged<Exclusion>>('/exclusions', {
          query: { ...query, page, per_page: PAGE },
        });
        for (const exclusion of answer.items) byMeasurement.set(exclusion.measurement_id, exclusion);
        if (page >= answer.pages) return byMeasurement;
      }
    },
  });
}

/** The form that takes one measurement out of the statistics, with a cause from the admin's list. */
export function ExcludeForm({ measurement, onDone }: { measurement: Measurement; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = useAction();
  const settings = useSettings();
  const reasons = (settings.data?.exclusion_reasons ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await action.run(() =>
      api<Exclusion>(`/measurements/${measurement.id}/exclusion`, {
        method: 'POST',
        body: { reason: reason || reasons[0], note },
      }),
    );
    if (!done) return;
    await refreshAffected(queryClient);
    onDone();
  };
  return (
    <form className="card" onSubmit={submit} data-testid="exclude-form">
      <strong>
        {t('metrology.excludeTitle', {
          value: formatNumber(measurement.value),
          serial: measurement.serial_number || '—',
        })}
      </strong>
      <div className="row">
        <label className="inline">
          {t('metrology.exclusionReason')}
          <select
            name="reason"
            value={reason || reasons[0] || ''}
            onChange={(e) => setReason(e.target.value)}
          >
            {reasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label className="inline">
          {t('metrology.exclusionNote')}
          <input name="note" maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      </div>
      <ErrorBox error={action.error} />
      <div className="toolbar">
        <button type="submit" className="primary" disabled={action.busy || reasons.length === 0}>
          {t('metrology.exclude')}
        </button>
        <button type="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A row's exclusion state: the cause and a reinstate button, or the button that opens the form. */
export function ExclusionCell({
  measurement,
  exclusion,
  onExclude,
}: {
  measurement: Measurement;
  exclusion: Exclusion | undefined;
  onExclude: (measurement: Measurement) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const action = useAction();
  if (!exclusion) {
    return (
      <button type="button" onClick={() => onExclude(measurement)}>
        {t('metrology.exclude')}
      </button>
    );
  }
  const reinstate = async () => {
    const done = await action.run(() =>
      api<Exclusion>(`/measurements/${measurement.id}/exclusion`, { method: 'DELETE' }),
    );
    if (done) await refreshAffected(queryClient);
  };
  return (
    <span className="exclusion" title={exclusion.note}>
      <span className="verdict muted">{exclusion.reason}</span>{' '}
      <button type="button" onClick={reinstate} disabled={action.busy}>
        {t('metrology.reinstate')}
      </button>
      <ErrorBox error={action.error} />
    </span>
  );
}
