import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gauge, Recipe } from '../api/types';
import { useUser } from '../auth/session';
import { gaugeProblem } from '../domain/gauges';
import { GaugeAlert, GaugePicker, rememberedGauge, rememberGauge, useGauges } from './gauge-picker';

interface PartFormProps {
  recipe: Recipe;
  initialLot: string;
  onStart(lot: string, serial: string, gauge: Gauge | null): void;
  onChangeRecipe(): void;
}

/**
 * Lot and serial number of the next part, and the gauge it is measured with. The part starts at once, without a
 * round trip, so a scanner or a fast operator typing on never types into a form that is still busy: whether the
 * serial number was measured before in this lot is checked while the part is measured (serial-check.tsx). A gauge
 * past its due date or out of service is refused here, before anything is measured with it.
 */
export function PartForm({ recipe, initialLot, onStart, onChangeRecipe }: PartFormProps) {
  const { t } = useTranslation();
  const [lot, setLot] = useState(initialLot);
  const [serial, setSerial] = useState('');
  const user = useUser();
  const gauges = useGauges();
  const [gauge, setGauge] = useState<Gauge | null>(() => rememberedGauge(user.id));
  const [error, setError] = useState<'lotSerial' | 'gauge' | null>(null);
  // With an empty register (or none reachable) the station measures as before, without a gauge.
  const asksGauge = (gauges.data?.length ?? 0) > 0;
  const current = gauge && (gauges.data?.find((g) => g.id === gauge.id) ?? gauge);
  const currentProblem = current && gaugeProblem(current, new Date());
  const gaugeInUse = asksGauge ? current : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const key = { lot_number: lot.trim(), serial_number: serial.trim() };
    if (!key.lot_number || !key.serial_number) {
      setError('lotSerial');
      return;
    }
    if (asksGauge && (!current || currentProblem)) {
      setError('gauge');
      return;
    }
    onStart(key.lot_number, key.serial_number, gaugeInUse);
  }

  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  return (
    <section className="card" style={{ maxWidth: 640 }}>
      <h1>
        {recipe.name} <span className="muted">({recipe.code})</span>
      </h1>
      <form onSubmit={submit} style={{ display: 'grid', gap: '1rem' }}>
        <label>
          {t('operator.lot')}
          <input
            name="lot_number"
            value={lot}
            maxLength={100}
            onChange={(e) => edited(setLot)(e.target.value)}
            autoFocus={!initialLot}
          />
        </label>
        <label>
          {t('operator.serial')}
          <input
            name="serial_number"
            value={serial}
            maxLength={100}
            onChange={(e) => edited(setSerial)(e.target.value)}
            autoFocus={Boolean(initialLot)}
          />
        </label>
        {asksGauge && (
          <GaugePicker
            gauges={gauges.data ?? []}
            value={current}
            onPick={(picked) => {
              rememberGauge(user.id, picked);
              setGauge(picked);
              setError(null);
            }}
          />
        )}
        {asksGauge && current && currentProblem && <GaugeAlert gauge={current} problem={currentProblem} />}
        {error && !(error === 'gauge' && currentProblem) && (
          <div className="error-box" role="alert">
            {t(error === 'gauge' ? 'gauges.required' : 'operator.lotSerialRequired')}
          </div>
        )}
        <div className="row">
          <button className="primary" type="submit">
            {t('operator.start')}
          </button>
          <button type="button" onClick={onChangeRecipe}>
            {t('operator.changeRecipe')}
          </button>
        </div>
      </form>
    </section>
  );
}
