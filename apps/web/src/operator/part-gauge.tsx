import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gauge } from '../api/types';
import { finerThanResolution, type GaugeProblem, gaugeProblem } from '../domain/gauges';
import { GaugeAlert, GaugePicker } from './gauge-picker';

/** Why a reading was not taken: the gauge may not be used now, or it cannot show that many decimals. */
export type GaugeStop = { problem: GaugeProblem; gauge: Gauge } | { finer: number; gauge: Gauge };

/** Checked before a reading is taken, so the value stays in the field while the operator takes another gauge. */
export function gaugeStopFor(gauge: Gauge | null, value: number, now: Date): GaugeStop | null {
  if (!gauge) return null;
  const problem = gaugeProblem(gauge, now);
  if (problem) return { problem, gauge };
  return finerThanResolution(value, gauge.resolution) ? { finer: value, gauge } : null;
}

/** The part's gauge beside the value field: which one, why a reading was stopped, and the way to change it. */
export function PartGauge({
  gauge,
  gauges,
  stop,
  onPick,
}: {
  gauge: Gauge | null;
  gauges: Gauge[];
  stop: GaugeStop | null;
  onPick(gauge: Gauge): void;
}) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  if (!gauge) return null;
  return (
    <>
      {stop && 'problem' in stop && <GaugeAlert gauge={stop.gauge} problem={stop.problem} />}
      {stop && 'finer' in stop && (
        <p className="field-error" role="alert" data-testid="gauge-resolution">
          {t('gauges.finer', { value: stop.finer, code: stop.gauge.code, resolution: stop.gauge.resolution })}
        </p>
      )}
      <div className="row" style={{ alignItems: 'center' }} data-testid="current-gauge">
        <span className="muted">
          {t('gauges.current', { code: gauge.code, resolution: gauge.resolution })}
        </span>
        <button type="button" onClick={() => setChanging(!changing)}>
          {t('gauges.change')}
        </button>
      </div>
      {(changing || (stop && 'problem' in stop)) && (
        <GaugePicker
          gauges={gauges}
          value={gauge}
          onPick={(picked) => {
            setChanging(false);
            onPick(picked);
          }}
        />
      )}
    </>
  );
}
