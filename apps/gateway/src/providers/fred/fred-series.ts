/**
 * The FRED series the macro tools read, by key (notes macro.md U1.4): id, units, frequency, and whether the
 * value is an index level whose year-on-year and month-on-month changes are worth computing.
 */

export type SeriesFrequency = 'daily' | 'weekly' | 'monthly' | 'quarterly';

export interface FredSeriesInfo {
  id: string;
  units: string;
  frequency: SeriesFrequency;
  /** Index levels (CPI, PCE, M2, GDP): yoy_pct and mom_pct are computed. */
  index?: true;
}

export const FRED_SERIES = {
  fed_funds_effective: { id: 'DFF', units: 'percent', frequency: 'daily' },
  fed_funds_monthly: { id: 'FEDFUNDS', units: 'percent', frequency: 'monthly' },
  fed_target_upper: { id: 'DFEDTARU', units: 'percent', frequency: 'daily' },
  fed_target_lower: { id: 'DFEDTARL', units: 'percent', frequency: 'daily' },
  cpi: { id: 'CPIAUCSL', units: 'index 1982-84=100', frequency: 'monthly', index: true },
  core_cpi: { id: 'CPILFESL', units: 'index 1982-84=100', frequency: 'monthly', index: true },
  core_pce: { id: 'PCEPILFE', units: 'index 2017=100', frequency: 'monthly', index: true },
  unemployment: { id: 'UNRATE', units: 'percent', frequency: 'monthly' },
  us10y: { id: 'DGS10', units: 'percent', frequency: 'daily' },
  us2y: { id: 'DGS2', units: 'percent', frequency: 'daily' },
  us3m: { id: 'DGS3MO', units: 'percent', frequency: 'daily' },
  spread_10y2y: { id: 'T10Y2Y', units: 'percentage points', frequency: 'daily' },
  spread_10y3m: { id: 'T10Y3M', units: 'percentage points', frequency: 'daily' },
  breakeven_10y: { id: 'T10YIE', units: 'percent', frequency: 'daily' },
  breakeven_5y: { id: 'T5YIE', units: 'percent', frequency: 'daily' },
  forward_5y5y: { id: 'T5YIFR', units: 'percent', frequency: 'daily' },
  real_10y: { id: 'DFII10', units: 'percent', frequency: 'daily' },
  m2: { id: 'M2SL', units: 'billions of dollars', frequency: 'monthly', index: true },
  usd_broad: { id: 'DTWEXBGS', units: 'index Jan 2006=100', frequency: 'daily' },
  vix_close: { id: 'VIXCLS', units: 'index points', frequency: 'daily' },
  gdp_real: { id: 'GDPC1', units: 'billions of chained 2017 dollars', frequency: 'quarterly', index: true },
  initial_claims: { id: 'ICSA', units: 'persons', frequency: 'weekly' },
} as const satisfies Record<string, FredSeriesInfo>;

export type FredSeriesKey = keyof typeof FRED_SERIES;
export const FRED_SERIES_KEYS = Object.keys(FRED_SERIES) as FredSeriesKey[];
