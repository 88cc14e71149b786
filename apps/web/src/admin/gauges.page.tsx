import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { Gauge, GaugeStatus } from '../api/types';
import { decimalsOf } from '../domain/classify';
import { gaugeProblem } from '../domain/gauges';
import { formatNumber } from '../format';
import { ErrorBox, Loading } from '../ui/status';
import { useAction } from '../ui/use-action';

const STATUSES: GaugeStatus[] = ['in_service', 'out_of_service', 'in_calibration', 'retired'];

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

function GaugeEditor({
  gauge,
  onDone,
  onCancel,
}: {
  gauge?: Gauge;
  onDone(saved: Gauge | null): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { run, error, busy } = useAction();
  const [form, setForm] = useState({
    code: gauge?.code ?? '',
    description: gauge?.description ?? '',
    type: gauge?.type ?? '',
    resolution: gauge ? String(gauge.resolution) : '0.01',
    serial_number: gauge?.serial_number ?? '',
    calibrated_on: gauge?.calibrated_on ?? '',
    calibration_due: gauge?.calibration_due ?? '',
    status: gauge?.status ?? ('in_service' as GaugeStatus),
    notes: gauge?.notes ?? '',
  });
  const field = (name: keyof typeof form) => ({
    name: `gauge_${name}`,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { code, ...rest } = form;
    const body = { ...rest, resolution: Number(rest.resolution.replace(',', '.')) };
    const saved = await run(() =>
      gauge
        ? api<Gauge>(`/gauges/${gauge.id}`, { method: 'PUT', body })
        : api<Gauge>('/gauges', { method: 'POST', body: { ...body, code } }),
    );
    if (saved) await onDone(saved);
  }

  async function remove() {
    if (!gauge || !window.confirm(t('gauges.deleteConfirm', { code: gauge.code }))) return;
    const done = await run(async () => {
      await api(`/gauges/${gauge.id}`, { method: 'DELETE' });
      return true;
    });
    if (done) await onDone(null);
  }

  return (
    <form className="card" onSubmit={submit} style={{ display: 'grid', gap: '0.6rem', marginBottom: '1rem' }}>
      <h2 style={{ marginTop: 0 }}>{gauge ? gauge.code : t('gauges.newGauge')}</h2>
      <div className="grid-2">
        {!gauge && (
          <label>
            {t('common.code')}
            <input {...field('code')} required maxLength={100} />
          </label>
        )}
        <label>
          {t('gauges.type')}
          <input {...field('type')} required maxLength={100} />
        </label>
        <label>
          {t('gauges.resolution')}
          <input {...field('resolution')} required inputMode="decimal" />
        </label>
        <label>
          {t('gauges.serial')}
          <input {...field('serial_number')} maxLength={100} />
        </label>
        <label>
          {t('gauges.calibratedOn')}
          <input {...field('calibrated_on')} type="date" required />
        </label>
        <label>
          {t('gauges.calibrationDue')}
          <input {...field('calibration_due')} type="date" required />
        </label>
        <label>
          {t('gauges.status')}
          <select {...field('status')}>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`gauges.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('common.description')}
          <input {...field('description')} maxLength={500} />
        </label>
      </div>
      <label>
        {t('gauges.notes')}
        <textarea {...field('notes')} maxLength={5000} />
      </label>
      <ErrorBox error={error} />
      <div className="toolbar">
        <button type="submit" className="primary" disabled={busy}>
          {gauge ? t('common.save') : t('common.create')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        {gauge && (
          <button type="button" className="danger" disabled={busy} onClick={() => void remove()}>
            {t('gauges.deleteGauge')}
          </button>
        )}
      </div>
    </form>
  );
}
