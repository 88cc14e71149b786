import { i18next } from './i18n';

/** Numbers and dates in the operator's language (decimal comma in German). */
export function formatNumber(value: number | null | undefined, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const options: Intl.NumberFormatOptions =
    digits === undefined
      ? { maximumFractionDigits: 6 }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(i18next.language, options).format(value);
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
