import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { Gauge, GaugeStatus } from '../api/types';
import { ErrorBox } from '../ui/status';
import { useAction } from '../ui/use-action';

const STATUSES: GaugeStatus[] = ['in_service', 'out_of_service', 'in_calibration', 'retired'];

/**
 * True when the edit changes a field that decides which readings the gauge may take: the API then
 * requires a reason for the change history (422 without), so the form asks for it before sending.
 */
export function needsReason(
  gauge: Pick<Gauge, 'calibration_due' | 'status' | 'resolution'>,
  edited: { calibration_due: string; status: string; resolution: number },
): boolean {
  return (
    edited.calibration_due !== gauge.calibration_due ||
    edited.status !== gauge.status ||
    edited.resolution !== gauge.resolution
  );
}

/** Registers a gauge or edits one of the register (admins and metrologists). */
export function GaugeEditor({
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
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const field = (name: keyof typeof form) => ({
    name: `gauge_${name}`,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { code, ...rest } = form;
    const body = { ...rest, resolution: Number(rest.resolution.replace(',', '.')) };
    const why = reason.trim();
    if (gauge && needsReason(gauge, body) && !why) {
      setReasonMissing(true);
      return;
    }
    setReasonMissing(false);
    const saved = await run(() =>
      gauge
        ? api<Gauge>(`/gauges/${gauge.id}`, { method: 'PUT', body: why ? { ...body, reason: why } : body })
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
      {gauge && (
        <label>
          {t('gauges.reason')}
          <input
            name="gauge_reason"
            value={reason}
            maxLength={1000}
            aria-invalid={reasonMissing ? true : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonMissing && (
            <span className="field-error" role="alert">
              {t('gauges.reasonRequired')}
            </span>
          )}
        </label>
      )}
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
