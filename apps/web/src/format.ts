import { decimalsOf } from './domain/classify';
import { i18next } from './i18n';

/**
 * The most decimals a number is shown with when no resolution says otherwise: finer than any gauge reads, and
 * short of the noise a double carries from arithmetic done before the value reached the API.
 */
export const MAX_SHOWN_DECIMALS = 6;

/** Numbers and dates in the operator's language (decimal comma in German). */
export function formatNumber(value: number | null | undefined, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const options: Intl.NumberFormatOptions =
    digits === undefined
      ? { maximumFractionDigits: MAX_SHOWN_DECIMALS }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(i18next.language, options).format(value);
}

/**
 * A stored measurement's deviation as the table shows it: with the decimals of its value (or its own, where the
 * nominal is finer), never more than MAX_SHOWN_DECIMALS, so a value sent as 30.000799999999998 shows a deviation
 * of +0.0008 beside the 30.0008 the value column shows.
 */
export function formatDeviation(deviation: number, value: number): string {
  const digits = Math.max(decimalsOf(value), decimalsOf(deviation));
  if (digits <= MAX_SHOWN_DECIMALS) return formatSigned(deviation, digits);
  // past any resolution: trailing zeros would only be the cut-off noise
  return new Intl.NumberFormat(i18next.language, {
    maximumFractionDigits: MAX_SHOWN_DECIMALS,
    signDisplay: 'exceptZero',
  }).format(deviation);
}

/** Deviation with an explicit sign, rounded for display (the stored value is not rounded). */
export function formatSigned(value: number, digits = 3): string {
  return new Intl.NumberFormat(i18next.language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: 'exceptZero',
  }).format(value);
}

export function formatDateTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '–';
  return new Intl.DateTimeFormat(i18next.language, { dateStyle: 'short', timeStyle: 'medium' }).format(date);
}

export function formatPercent(value: number): string {
  return new Intl.NumberFormat(i18next.language, { style: 'percent', maximumFractionDigits: 2 }).format(
    value / 100,
  );
}

/** Decimal places to show for a subtask: enough for its tightest limit, at least two. */
export function decimalsFor(...values: number[]): number {
  let digits = 2;
  for (const value of values) {
    const text = String(value);
    const dot = text.indexOf('.');
    if (dot >= 0) digits = Math.max(digits, Math.min(6, text.length - dot - 1));
  }
  return digits;
}
