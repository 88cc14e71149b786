import { decimalsOf } from '../../spc/classification.js';

/**
 * The two rules a gauge imposes on a reading, without I/O so they are unit-tested on their own:
 * it must have been usable (in service, calibration not yet due) when the reading was taken, and
 * the value cannot be finer than the gauge displays.
 */

export const GAUGE_STATUSES = ['in_service', 'out_of_service', 'in_calibration', 'retired'] as const;
export type GaugeStatus = (typeof GAUGE_STATUSES)[number];

/** Finest resolution a gauge may declare: 6 decimals (a 0.000001 mm step is beyond any shop gauge). */
export const MAX_RESOLUTION_DECIMALS = 6;

export interface ServicePeriod {
  /** ISO 8601, inclusive. */
  started_at: string;
  /** ISO 8601, exclusive; null while the gauge is still in service. */
  ended_at: string | null;
}

export interface GaugeState {
  code: string;
  status: string;
  calibration_due: string;
  created_at: string;
  /** Every period the gauge was in service, oldest first (table gauge_service_periods). */
  periods: ServicePeriod[];
}

/**
 * Why the gauge could not be used for a reading taken at `takenAt` (ISO 8601 UTC), or null when it
 * could. Due dates are whole UTC days and inclusive: a gauge due 2026-11-27 may be used that day and
 * is refused from 2026-11-28. Service is judged on every period the gauge was in service, so a reading
 * taken before the gauge left service is still accepted when it arrives afterwards (a station that was
 * offline), and one dated before the gauge existed or inside any time it was out is not.
 */
export function gaugeRefusal(gauge: GaugeState, takenAt: string): string | null {
  const day = takenAt.slice(0, 10);
  if (day > gauge.calibration_due) {
    return `gauge ${gauge.code} was past its calibration due date ${gauge.calibration_due} on ${day}`;
  }
  const gap = outOfService(gauge, takenAt);
  if (gap === null) return null;
  return `gauge ${gauge.code} was not in service at ${takenAt}: ${gap} (status now: ${gauge.status.replaceAll('_', ' ')})`;
}

/** Null when `at` falls in a service period; otherwise the interval it falls in, in words. */
function outOfService(gauge: GaugeState, at: string): string | null {
  if (at < gauge.created_at) return `the gauge was registered only at ${gauge.created_at}`;
  let outSince = gauge.created_at;
  for (const { started_at, ended_at } of gauge.periods) {
    if (at < started_at) return `out of service from ${outSince} to ${started_at}`;
    if (ended_at === null || at < ended_at) return null;
    outSince = ended_at;
  }
  if (gauge.periods.length === 0) return `never in service since its registration at ${gauge.created_at}`;
  return `out of service since ${outSince}`;
}

/**
 * True when `value` shows more decimals than the gauge's resolution has (0.01 → 2, 0.005 → 3).
 * The value is a JSON number, so trailing zeros cannot be seen and do not count: 12.30 is 12.3 and
 * passes with resolution 0.01; 12.345 does not. Decimals are counted on the shortest text that
 * reads back as the same double, the text a client sent, so 12.3's binary error does not matter.
 */
export function finerThanResolution(value: number, resolution: number): boolean {
  return decimalsOf(value) > decimalsOf(resolution);
}

/** The service interval after a status change at `at` (ISO 8601). */
export function serviceInterval(
  before: { status: string; in_service_from: string | null; out_of_service_from: string | null },
  status: GaugeStatus,
  at: string,
): { in_service_from: string | null; out_of_service_from: string | null } {
  const { in_service_from, out_of_service_from } = before;
  if (status === before.status) return { in_service_from, out_of_service_from };
  if (status === 'in_service') return { in_service_from: at, out_of_service_from };
  if (before.status === 'in_service') return { in_service_from, out_of_service_from: at };
  return { in_service_from, out_of_service_from };
}
