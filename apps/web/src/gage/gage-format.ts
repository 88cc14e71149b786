import { formatNumber } from '../format';
import { i18next } from '../i18n';

/**
 * Six significant digits for sums of squares, mean squares, variances and standard deviations, the way
 * Minitab shows them and the PDF report prints them (reports/gage-study-report.ts), in the user's locale.
 */
export function formatSignificant(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(i18next.language, { maximumSignificantDigits: 6 }).format(value);
}

/** F and p to 3 decimals, percentages to 2, as the report prints them. */
export const formatF = (value: number | null | undefined) => formatNumber(value, 3);
export const formatPct = (value: number | null | undefined) => formatNumber(value, 2);
