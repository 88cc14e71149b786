import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { Gauge } from '../api/types';
import { decimalsOf } from '../domain/classify';
import { gaugeProblem } from '../domain/gauges';
import { formatNumber } from '../format';
import { ErrorBox, Loading } from '../ui/status';
import { GaugeEditor } from './gauge-editor';

/** The gauge register, kept by administrators and metrologists. */
export function GaugesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const gauges = useQuery({ queryKey: ['gauges'], queryFn: () => api<Gauge[]>('/gauges') });
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['gauges'] });
  const gauge = gauges.data?.find((g) => g.id === selected);
  const today = new Date();

  return (
    <section>
      <h1>{t('gauges.title')}</h1>
      <ErrorBox error={gauges.error} />
      <div className="toolbar">
        <button type="button" className="primary" onClick={() => setSelected('new')}>
          {t('gauges.newGauge')}
        </button>
      </div>
      {(selected === 'new' || gauge) && (
        <GaugeEditor
          key={gauge?.id ?? 'new'}
          gauge={gauge}
          onDone={async (saved) => {
            setSelected(saved?.id ?? null);
            await refresh();
          }}
          onCancel={() => setSelected(null)}
        />
      )}
      {gauges.isPending ? (
        <Loading />
      ) : (
        <table data-testid="gauge-table">
          <thead>
            <tr>
              <th>{t('common.code')}</th>
              <th>{t('common.description')}</th>
              <th>{t('gauges.type')}</th>
              <th className="num">{t('gauges.resolution')}</th>
              <th>{t('gauges.serial')}</th>
              <th>{t('gauges.calibratedOn')}</th>
              <th>{t('gauges.calibrationDue')}</th>
              <th>{t('gauges.status')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {gauges.data?.map((g) => (
              <tr key={g.id}>
                <td>{g.code}</td>
                <td>{g.description}</td>
                <td>{g.type}</td>
                <td className="num">{formatNumber(g.resolution, decimalsOf(g.resolution))}</td>
                <td>{g.serial_number}</td>
                <td>{g.calibrated_on}</td>
                <td>
                  {g.calibration_due}{' '}
                  {gaugeProblem({ ...g, status: 'in_service' }, today) === 'overdue' && (
                    <span className="verdict-fail">{t('gauges.overdueBadge')}</span>
                  )}
                </td>
                <td>{t(`gauges.statuses.${g.status}`)}</td>
                <td>
                  <button type="button" onClick={() => setSelected(g.id)}>
                    {t('common.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {gauges.data?.length === 0 && <p className="muted">{t('common.none')}</p>}
    </section>
  );
}
