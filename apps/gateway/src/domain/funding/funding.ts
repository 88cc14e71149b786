/**
 * Funding across venues on one scale (notes sentiment.md S11): every rate normalised to 1 h and 8 h and
 * annualised with the venue's own interval (simple, 365-day year). Positive means longs pay shorts on all
 * five venues.
 */
export const VENUES = ['binance', 'bybit', 'okx', 'hyperliquid', 'deribit'] as const;
export type Venue = (typeof VENUES)[number];

/** One venue's funding for one asset as the venue publishes it. */
export interface VenueFunding {
  venue: Venue;
  asset: string;
  /** The venue's own symbol (`BTCUSDT`, `BTC-USDT-SWAP`, `BTC`, `BTC-PERPETUAL`). */
  symbol: string;
  /** The rate per funding interval. */
  rateInterval: number;
  intervalHours: number;
  /** `predicted_next`: the rate settling at the next funding time; `trailing_8h`: Deribit's last 8 hours. */
  rateKind: 'predicted_next' | 'trailing_8h';
  nextFundingTime: number | null;
  markPrice: number | null;
  /** Epoch ms the venue stamped (or the answer arrived). */
  asOf: number;
}

export interface NormalisedFunding {
  venue: Venue;
  symbol: string;
  rate_interval: number;
  interval_h: number;
  rate_1h: number;
  rate_8h: number;
  annualized_pct: number;
  rate_kind: VenueFunding['rateKind'];
  next_funding_time: string | null;
  mark_price: number | null;
  as_of: string;
  /** `as_of` older than twice the interval. */
  stale: boolean;
}

const HOURS_PER_YEAR = 8760;
/** Rounds away binary noise (0.0001 × 1095 × 100 = 10.950000000000001) without hiding a real digit. */
const clean = (value: number) => Number(value.toPrecision(12));

export function normaliseFunding(funding: VenueFunding, now: number): NormalisedFunding {
  const { rateInterval: rate, intervalHours: hours } = funding;
  return {
    venue: funding.venue,
    symbol: funding.symbol,
    rate_interval: rate,
    interval_h: hours,
    rate_1h: clean(rate / hours),
    rate_8h: clean((rate * 8) / hours),
    annualized_pct: clean(rate * (HOURS_PER_YEAR / hours) * 100),
    rate_kind: funding.rateKind,
    next_funding_time:
      funding.nextFundingTime === null ? null : new Date(funding.nextFundingTime).toISOString(),
    mark_price: funding.markPrice,
    as_of: new Date(funding.asOf).toISOString(),
    stale: now - funding.asOf > 2 * hours * 3_600_000,
  };
}

/** Annualised percentage of a rate per 8 h: × 1095 × 100. */
export const annualisedFrom8h = (rate8h: number) => clean(rate8h * (HOURS_PER_YEAR / 8) * 100);

export interface FundingSummary {
  mean_rate_8h: number;
  median_rate_8h: number;
  mean_annualized_pct: number;
  max_venue: Venue;
  min_venue: Venue;
  dispersion_8h: number;
  /** Annualised mean above 30 %: crowded_long; below −10 %: crowded_short (notes tool 4, proposal). */
  sentiment: 'crowded_long' | 'crowded_short' | 'neutral';
}

export function summariseFunding(rows: readonly NormalisedFunding[]): FundingSummary | null {
  if (rows.length === 0) return null;
  const sorted = [...rows].sort((a, b) => a.rate_8h - b.rate_8h);
  const rates = sorted.map((row) => row.rate_8h);
  const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
  const middle = Math.floor(rates.length / 2);
  const median = rates.length % 2 ? rates[middle]! : (rates[middle - 1]! + rates[middle]!) / 2;
  const annual = annualisedFrom8h(mean);
  return {
    mean_rate_8h: clean(mean),
    median_rate_8h: clean(median),
    mean_annualized_pct: annual,
    max_venue: sorted[sorted.length - 1]!.venue,
    min_venue: sorted[0]!.venue,
    dispersion_8h: clean(rates[rates.length - 1]! - rates[0]!),
    sentiment: annual > 30 ? 'crowded_long' : annual < -10 ? 'crowded_short' : 'neutral',
  };
}

export interface ArbLeg {
  venue: Venue;
  rate_8h: number;
  interval_h: number;
  next_funding_time: string | null;
}

export interface ArbOpportunity {
  asset: string;
  /** Long the perpetual where funding is lowest (receives or pays least). */
  long_leg: ArbLeg;
  /** Short the perpetual where funding is highest (receives most). */
  short_leg: ArbLeg;
  spread_8h: number;
  spread_annualized_pct: number;
  /** Spread per 8 h after fees spread over the holding period: `spread − fee / (holding_h / 8)`. */
  net_8h: number;
  net_annualized_pct: number;
  venues_considered: number;
}

/** A mark more than 1 % from the venues' median is basis risk, not carry (notes tool 6): left out of the arb. */
const MAX_MARK_DEVIATION = 0.01;

function withoutBasisOutliers(rows: readonly NormalisedFunding[]): NormalisedFunding[] {
  const marks = rows
    .flatMap((row) => (row.mark_price === null ? [] : [row.mark_price]))
    .sort((a, b) => a - b);
  if (marks.length < 3) return [...rows];
  const middle = Math.floor(marks.length / 2);
  const median = marks.length % 2 ? marks[middle]! : (marks[middle - 1]! + marks[middle]!) / 2;
  return rows.filter(
    (row) => row.mark_price === null || Math.abs(row.mark_price / median - 1) <= MAX_MARK_DEVIATION,
  );
}

/**
 * The funding carry between the highest- and lowest-funded venues of one asset, stale venues and basis outliers
 * left out; null under two venues.
 */
export function arbSpread(
  asset: string,
  rows: readonly NormalisedFunding[],
  costs: { feeBpsTotal: number; holdingHours: number },
): ArbOpportunity | null {
  const fresh = withoutBasisOutliers(rows.filter((row) => !row.stale));
  if (fresh.length < 2) return null;
  const sorted = [...fresh].sort((a, b) => a.rate_8h - b.rate_8h);
  const leg = (row: NormalisedFunding): ArbLeg => ({
    venue: row.venue,
    rate_8h: row.rate_8h,
    interval_h: row.interval_h,
    next_funding_time: row.next_funding_time,
  });
  const low = sorted[0]!;
  const high = sorted[sorted.length - 1]!;
  const spread = clean(high.rate_8h - low.rate_8h);
  const net = clean(spread - costs.feeBpsTotal / 10_000 / (costs.holdingHours / 8));
  return {
    asset,
    long_leg: leg(low),
    short_leg: leg(high),
    spread_8h: spread,
    spread_annualized_pct: annualisedFrom8h(spread),
    net_8h: net,
    net_annualized_pct: annualisedFrom8h(net),
    venues_considered: fresh.length,
  };
}
