import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { Gauge } from '../api/types';
import { type GaugeProblem, gaugeByCode, gaugeProblem } from '../domain/gauges';

/** The register, refreshed every minute so a gauge taken out of service reaches the station soon. */
export function useGauges() {
  return useQuery({
    queryKey: ['gauges'],
    queryFn: () => api<Gauge[]>('/gauges'),
    refetchInterval: 60_000,
  });
}

const SESSION_KEY = 'measure.gauge';

/**
 * The gauge the operator chose is remembered for the browser session (the tab), with the whole record so
 * a station that loses the server can still finish the part; it is checked again before every use.
 */
export function rememberedGauge(operatorId: number): Gauge | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as {
      operator_id: number;
      gauge: Gauge;
    } | null;
    return stored?.operator_id === operatorId ? stored.gauge : null;
  } catch {
    return null;
  }
}

export function rememberGauge(operatorId: number, gauge: Gauge): void {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify({ operator_id: operatorId, gauge }));
}

/** The message an unusable gauge gets at the station: what is wrong and what to do. */
export function GaugeAlert({ gauge, problem }: { gauge: Gauge; problem: GaugeProblem }) {
  const { t } = useTranslation();
  return (
    <div className="error-box" role="alert" data-testid="gauge-problem">
      {problem === 'overdue'
        ? t('gauges.overdue', { code: gauge.code, due: gauge.calibration_due })
        : t('gauges.notInService', { code: gauge.code, status: t(`gauges.statuses.${gauge.status}`) })}
    </div>
  );
}

/**
 * Choose from the gauges that may be used now, or scan the code on the gauge (a scanner types it and
 * presses Enter). A scanned gauge that may not be used is refused with the reason, never taken.
 */
export function GaugePicker({
  gauges,
  value,
  onPick,
}: {
  gauges: Gauge[];
  value: Gauge | null;
  onPick(gauge: Gauge): void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState<{ gauge: Gauge; problem: GaugeProblem } | null>(null);
  const [unknown, setUnknown] = useState<string | null>(null);
  const now = new Date();
  const usable = gauges.filter((gauge) => gaugeProblem(gauge, now) === null);

  function takeCode() {
    setRefused(null);
    setUnknown(null);
    if (!code.trim()) return;
    const gauge = gaugeByCode(gauges, code);
    if (!gauge) {
      setUnknown(code.trim());
      return;
    }
    const problem = gaugeProblem(gauge, new Date());
    if (problem) {
      setRefused({ gauge, problem });
      return;
    }
    setCode('');
    onPick(gauge);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    takeCode();
  }

  return (
    <fieldset className="gauge-picker" style={{ display: 'grid', gap: '0.5rem', border: 0, padding: 0 }}>
      <label>
        {t('gauges.choose')}
        <select
          name="gauge_id"
          value={value && usable.some((g) => g.id === value.id) ? String(value.id) : ''}
          onChange={(e) => {
            const gauge = usable.find((g) => String(g.id) === e.target.value);
            if (gauge) {
              setRefused(null);
              onPick(gauge);
            }
          }}
        >
          <option value="">{t('gauges.chooseOption')}</option>
          {usable.map((gauge) => (
            <option key={gauge.id} value={gauge.id}>
              {gauge.code} · {gauge.type}
              {gauge.description ? ` · ${gauge.description}` : ''}
            </option>
          ))}
        </select>
      </label>
      <div className="row" style={{ alignItems: 'end' }}>
        <label style={{ flex: 1 }}>
          {t('gauges.scan')}
          <input
            name="gauge_code"
            value={code}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={onKeyDown}
          />
        </label>
        <button type="button" onClick={takeCode}>
          {t('gauges.use')}
        </button>
      </div>
      {unknown !== null && (
        <div className="error-box" role="alert" data-testid="gauge-problem">
          {t('gauges.unknown', { code: unknown })}
        </div>
      )}
      {refused && <GaugeAlert gauge={refused.gauge} problem={refused.problem} />}
    </fieldset>
  );
}
