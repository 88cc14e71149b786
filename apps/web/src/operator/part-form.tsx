import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { ApiAnswer, Gauge, Recipe } from '../api/types';
import { useUser } from '../auth/session';
import { gaugeProblem } from '../domain/gauges';
import { formatDateTime } from '../format';
import { type EarlierPart, findEarlierPart, type PartKey } from './duplicate-serial';
import { GaugeAlert, GaugePicker, rememberedGauge, rememberGauge, useGauges } from './gauge-picker';
import { usePendingBatches } from './pending-context';

interface PartFormProps {
  recipe: Recipe;
  initialLot: string;
  onStart(lot: string, serial: string, gauge: Gauge | null): void;
  onChangeRecipe(): void;
}

/**
 * The server's word on a serial number, or an error after SERIAL_CHECK_MS: a server that hangs (a station cut off
 * without a refused connection) must not hold the operator at the part form; no answer counts as no duplicate.
 */
const SERIAL_CHECK_MS = 1500;
const serialCheck = (key: PartKey) =>
  api<ApiAnswer<'getMeasurementsSerialCheck'>>('/measurements/serial-check', {
    query: { recipe_id: key.recipe_id, lot_number: key.lot_number, serial_number: key.serial_number },
    signal: AbortSignal.timeout(SERIAL_CHECK_MS),
  });

/**
 * Lot and serial number of the next part, and the gauge it is measured with. A serial number already measured
 * in this lot (on the server or still queued here) is announced before a single value is taken; the operator
 * corrects it or measures again on purpose, and what they typed stays in the fields either way. A gauge past its
 * due date or out of service is refused here, before anything is measured with it.
 */
export function PartForm({ recipe, initialLot, onStart, onChangeRecipe }: PartFormProps) {
  const { t } = useTranslation();
  const batches = usePendingBatches();
  const [lot, setLot] = useState(initialLot);
  const [serial, setSerial] = useState('');
  const user = useUser();
  const gauges = useGauges();
  const [gauge, setGauge] = useState<Gauge | null>(() => rememberedGauge(user.id));
  const [error, setError] = useState<'lotSerial' | 'gauge' | null>(null);
  const [checking, setChecking] = useState(false);
  // With an empty register (or none reachable) the station measures as before, without a gauge.
  const asksGauge = (gauges.data?.length ?? 0) > 0;
  const current = gauge && (gauges.data?.find((g) => g.id === gauge.id) ?? gauge);
  const currentProblem = current && gaugeProblem(current, new Date());
  const gaugeInUse = asksGauge ? current : null;
  const [earlier, setEarlier] = useState<EarlierPart | null>(null);
  const serialRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const key = {
      recipe_id: recipe.id,
      recipe_code: recipe.code,
      lot_number: lot.trim(),
      serial_number: serial.trim(),
    };
    if (!key.lot_number || !key.serial_number) {
      setError('lotSerial');
      return;
    }
    if (asksGauge && (!current || currentProblem)) {
      setError('gauge');
      return;
    }
    setChecking(true);
    const found = await findEarlierPart(key, batches, serialCheck);
    setChecking(false);
    if (found) setEarlier(found);
    else onStart(key.lot_number, key.serial_number, gaugeInUse);
  }

  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setEarlier(null);
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
            ref={serialRef}
            name="serial_number"
            value={serial}
            maxLength={100}
            aria-invalid={earlier ? true : undefined}
            // while the check runs, keystrokes (a caliper's reading sent early) must not change the serial
            readOnly={checking}
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
        {earlier && (
          <div className="notice" role="alert" data-testid="duplicate-serial">
            <p style={{ marginTop: 0 }}>
              {t(earlier.where === 'queue' ? 'duplicateSerial.queued' : 'duplicateSerial.stored', {
                serial: serial.trim(),
                lot: lot.trim(),
                count: earlier.count,
                time: formatDateTime(earlier.last_measured_at),
              })}
            </p>
            <div className="row">
              <button
                type="button"
                onClick={() => {
                  setEarlier(null);
                  serialRef.current?.select();
                }}
              >
                {t('duplicateSerial.correct')}
              </button>
              <button type="button" onClick={() => onStart(lot.trim(), serial.trim(), gaugeInUse)}>
                {t('duplicateSerial.measureAgain')}
              </button>
            </div>
          </div>
        )}
        <div className="row">
          <button className="primary" type="submit" disabled={checking}>
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
