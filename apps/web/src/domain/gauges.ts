import type { Gauge } from '../api/types';
import { decimalsOf } from './classify';

/**
 * The station's copy of the server's gauge rules (apps/measure features/gauges/gauge-rules.ts), applied
 * before anything is sent so the operator hears of a problem while the part is still in front of them.
 * The server checks again when the part arrives and has the last word.
 */

export type GaugeProblem = 'overdue' | 'notInService';

/** Why the gauge cannot take a reading now, or null. Due dates are inclusive whole UTC days. */
export function gaugeProblem(
  gauge: Pick<Gauge, 'status' | 'calibration_due'>,
  now: Date,
): GaugeProblem | null {
  if (gauge.status !== 'in_service') return 'notInService';
  if (now.toISOString().slice(0, 10) > gauge.calibration_due) return 'overdue';
  return null;
}

/** True when the value shows more decimals than the gauge displays (12.345 on a 0.01 gauge); 12.30 is 12.3. */
export function finerThanResolution(value: number, resolution: number): boolean {
  return decimalsOf(value) > decimalsOf(resolution);
}

/** The gauge a scanned or typed code names: exact first, then ignoring case and surrounding blanks. */
export function gaugeByCode(gauges: Gauge[], code: string): Gauge | undefined {
  const wanted = code.trim();
  return (
    gauges.find((gauge) => gauge.code === wanted) ??
    gauges.find((gauge) => gauge.code.toLowerCase() === wanted.toLowerCase())
  );
}
