import { gaussian, streamId } from '../../market/hash.js';
import { DAY_MS, isBusinessDay } from '../calendar-days.js';
import { parCurve, type Tenor } from '../us-rates.js';

/**
 * The FRED series the macro tools read (notes macro.md U1.4), deterministic from the seed and plausible in
 * level: the DGS* yields republish the simulated Treasury curve (as the real FRED does), spreads follow from
 * them, breakevens and the dollar index wander on slow cycles, monthly index series (CPI, PCE, M2) compound
 * at a few percent a year. Business-daily series have a row with no value on holidays, as FRED writes them.
 */

export type Frequency = 'daily' | 'business' | 'weekly' | 'monthly' | 'quarterly';

export interface SimSeries {
  frequency: Frequency;
  /** The value at a period's first day (days since 1970-01-01); two decimals unless the series says. */
  value: (seed: number, day: number) => number;
}

const YEAR_DAYS = 365.25;
const noise = streamId('fred:noise');
const wave = (day: number, years: number, phase: number) =>
  Math.sin((2 * Math.PI * day) / (years * YEAR_DAYS) + phase);
const round = (value: number, decimals = 2) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const jitter = (seed: number, day: number, size: number, salt: number) =>
  size * gaussian(seed, noise, day * 32 + salt);

const curve = (tenor: Tenor) => (seed: number, day: number) => parCurve(seed, day)[tenor];
const monthsSince1982 = (day: number) => {
  const date = new Date(day * DAY_MS);
  return (date.getUTCFullYear() - 1982) * 12 + date.getUTCMonth();
};
/** An index compounding `annualPct` a year from `base` in 1982, with a slow inflation cycle. */
const priceIndex = (base: number, annualPct: number, salt: number) => (seed: number, day: number) => {
  const months = monthsSince1982(day);
  const drift = (months * Math.log(1 + annualPct / 100)) / 12;
  const cycle = 0.04 * wave(day, 9, salt);
  return round(base * Math.exp(drift + cycle) + jitter(seed, months, 0.05, salt), 3);
};
const fedFunds = (seed: number, day: number) => Math.max(0.05, round(parCurve(seed, day)['1M'] - 0.1));
const targetUpper = (seed: number, day: number) => Math.ceil(fedFunds(seed, day) * 4) / 4;

export const SIM_SERIES: Record<string, SimSeries> = {
  DFF: { frequency: 'daily', value: fedFunds },
  DFEDTARU: { frequency: 'daily', value: targetUpper },
  DFEDTARL: { frequency: 'daily', value: (seed, day) => targetUpper(seed, day) - 0.25 },
  FEDFUNDS: { frequency: 'monthly', value: fedFunds },
  CPIAUCSL: { frequency: 'monthly', value: priceIndex(94.4, 3.0, 1) },
  CPILFESL: { frequency: 'monthly', value: priceIndex(96.1, 3.1, 2) },
  PCEPILFE: { frequency: 'monthly', value: priceIndex(52.3, 2.6, 3) },
  M2SL: { frequency: 'monthly', value: priceIndex(1765, 5.6, 4) },
  UNRATE: {
    frequency: 'monthly',
    value: (seed, day) =>
      round(5.2 + 1.6 * wave(day, 8, 0.4) + jitter(seed, monthsSince1982(day), 0.1, 5), 1),
  },
  GDPC1: { frequency: 'quarterly', value: priceIndex(7300, 2.5, 6) },
  ICSA: {
    frequency: 'weekly',
    value: (seed, day) => Math.round(230_000 + 25_000 * wave(day, 2, 1) + jitter(seed, day, 6000, 7)),
  },
  DGS1MO: { frequency: 'business', value: curve('1M') },
  DGS3MO: { frequency: 'business', value: curve('3M') },
  DGS6MO: { frequency: 'business', value: curve('6M') },
  DGS1: { frequency: 'business', value: curve('1Y') },
  DGS2: { frequency: 'business', value: curve('2Y') },
  DGS3: { frequency: 'business', value: curve('3Y') },
  DGS5: { frequency: 'business', value: curve('5Y') },
  DGS7: { frequency: 'business', value: curve('7Y') },
  DGS10: { frequency: 'business', value: curve('10Y') },
  DGS20: { frequency: 'business', value: curve('20Y') },
  DGS30: { frequency: 'business', value: curve('30Y') },
  T10Y2Y: { frequency: 'business', value: (s, d) => round(parCurve(s, d)['10Y'] - parCurve(s, d)['2Y']) },
  T10Y3M: { frequency: 'business', value: (s, d) => round(parCurve(s, d)['10Y'] - parCurve(s, d)['3M']) },
  T10YIE: {
    frequency: 'business',
    value: (seed, day) => round(2.3 + 0.25 * wave(day, 3, 0.2) + jitter(seed, day, 0.02, 8)),
  },
  T5YIE: {
    frequency: 'business',
    value: (seed, day) => round(2.25 + 0.35 * wave(day, 3, 0.5) + jitter(seed, day, 0.025, 9)),
  },
  T5YIFR: {
    frequency: 'business',
    value: (seed, day) => round(2.3 + 0.15 * wave(day, 3, 0.1) + jitter(seed, day, 0.02, 10)),
  },
  DFII10: {
    frequency: 'business',
    value: (seed, day) => round(parCurve(seed, day)['10Y'] - 2.3 - 0.25 * wave(day, 3, 0.2)),
  },
  DTWEXBGS: {
    frequency: 'business',
    value: (seed, day) => round(118 + 8 * wave(day, 5, 1.3) + jitter(seed, day, 0.3, 11), 4),
  },
  VIXCLS: {
    frequency: 'business',
    value: (seed, day) => round(Math.max(10, 17 + 5 * wave(day, 0.7, 2) + jitter(seed, day, 1.2, 12))),
  },
};

/** The first day of each period of a series in [first, last] (day numbers), ascending. */
export function periodStarts(frequency: Frequency, first: number, last: number): number[] {
  const days: number[] = [];
  if (frequency === 'daily' || frequency === 'business') {
    for (let day = first; day <= last; day++) if (frequency === 'daily' || isWeekday(day)) days.push(day);
    return days;
  }
  if (frequency === 'weekly') {
    // Weeks ending Saturday, as ICSA is dated.
    for (let day = first; day <= last; day++) if (new Date(day * DAY_MS).getUTCDay() === 6) days.push(day);
    return days;
  }
  const step = frequency === 'monthly' ? 1 : 3;
  const start = new Date(first * DAY_MS);
  let year = start.getUTCFullYear();
  let month = Math.ceil(start.getUTCMonth() / step) * step;
  if (start.getUTCDate() === 1 && start.getUTCMonth() % step === 0) month = start.getUTCMonth();
  for (;;) {
    const day = Date.UTC(year, month, 1) / DAY_MS;
    if (day > last) return days;
    if (day >= first) days.push(day);
    month += step;
    if (month >= 12) {
      month -= 12;
      year++;
    }
  }
}

const isWeekday = (day: number) => {
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** The value FRED writes for a period: `"."` on a business-daily series' holiday. */
export function observationText(series: SimSeries, seed: number, day: number): string {
  if (series.frequency === 'business' && !isBusinessDay(day)) return '.';
  return String(series.value(seed, day));
}

/**
 * The last period FRED has published on `today`: daily market series a business day late, weekly ones the
 * Thursday after the week, monthly ones about two weeks into the next month, quarterly a month after.
 */
export function lastPublished(frequency: Frequency, today: number): number {
  if (frequency === 'daily' || frequency === 'business') return today - 1;
  if (frequency === 'weekly') return today - 5;
  const date = new Date(today * DAY_MS);
  const monthsBack = frequency === 'monthly' ? (date.getUTCDate() >= 14 ? 1 : 2) : 4;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack + 1, 0) / DAY_MS;
}
