/**
 * Number formatting for reports: fixed decimals, no locale (reports go to customers in other countries; a
 * dot decimal separator reads the same everywhere). Words and time stamps: report-text.ts.
 */
import type { SubtaskLimits } from '../spc/index.js';

/** Decimals a unit is usually read at, before the limits' own precision is considered. */
const UNIT_DECIMALS: Record<string, number> = {
  mm: 3,
  cm: 3,
  m: 4,
  um: 1,
  µm: 1,
  μm: 1,
  in: 4,
  inch: 4,
  deg: 2,
  '°': 2,
};

function decimalsOf(value: number): number {
  if (!Number.isFinite(value)) return 0;
  // shortest round-trip form, e.g. 9.95 → 2; exponent forms only for extreme values
  const text = String(value);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Math.min(10, Number(exponent[1]));
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * Decimals for measured values of a characteristic: at least the unit's usual resolution, and at
 * least as many as the drawing's nominal and limits carry, at most 6.
 */
export function valueDecimals(unit: string, limits: SubtaskLimits): number {
  const fromUnit = UNIT_DECIMALS[unit.trim().toLowerCase()] ?? UNIT_DECIMALS[unit.trim()] ?? 3;
  const fromLimits = Math.max(
    ...[limits.nominal, limits.ltl, limits.lwl, limits.uwl, limits.utl].map((v) =>
      v === null ? 0 : decimalsOf(v),
    ),
  );
  return Math.min(6, Math.max(fromUnit, fromLimits));
}

/** Fixed decimals, or an em dash for an undefined statistic (never "NaN" on a customer report). */
export function fixed(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = value.toFixed(decimals);
  return text === `-${(0).toFixed(decimals)}` ? text.slice(1) : text;
}

/** A signed fixed value (deviations): "+0.012", "-0.004", "0.000". */
export function signed(value: number | null | undefined, decimals: number): string {
  const text = fixed(value, decimals);
  return text !== '—' && Number(text) > 0 ? `+${text}` : text;
}

/** Capability indices to 2 decimals, as Minitab prints them. */
export const index2 = (value: number | null | undefined): string => fixed(value, 2);

/** PPM to 2 decimals. */
export const ppm = (value: number | null | undefined): string => fixed(value, 2);
