import { streamId, uniform } from '../../market/hash.js';
import { lastSession, priceAt, type SimSymbol, sessionOf } from './yahoo-quotes.js';

/**
 * One `/v8/finance/chart/{symbol}` result (notes macro.md U2.2) for a range and interval at `now`: `meta`
 * with the last price and the close before the range, `timestamp[]` and `indicators.quote[0]` whose arrays
 * carry nulls now and then as Yahoo's do (a bar without an open; a bar with nothing), `adjclose` for daily
 * intervals. The newest bar is always whole, so the last price is always in the bars too.
 */

const DAY_S = 86_400;
const INTERVALS: Record<string, number> = {
  '1m': 60,
  '2m': 120,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '60m': 3600,
  '90m': 5400,
  '1h': 3600,
  '1d': DAY_S,
};
const RANGES: Record<string, number> = {
  '1d': 1,
  '5d': 5,
  '1mo': 30,
  '3mo': 91,
  '6mo': 182,
  '1y': 365,
  '2y': 730,
  '5y': 1826,
  '10y': 3652,
  max: 3652,
};
const VALID_RANGES = ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'];
const holes = streamId('yahoo:holes');

export type ChartAnswer = { status: number; body: unknown };

const chartError = (status: number, code: string, description: string): ChartAnswer => ({
  status,
  body: { chart: { result: null, error: { code, description } } },
});

/** The sessions (oldest first) that a range covers, ending with the last one begun at `now`. */
function sessions(spec: SimSymbol, now: number, days: number) {
  const found: { start: number; end: number }[] = [];
  const last = lastSession(spec.session, now);
  for (let t = last.start; t > last.start - days * DAY_S - DAY_S && found.length < days; t -= DAY_S) {
    const session = sessionOf(spec.session, t);
    if (session) found.unshift(session);
  }
  return found;
}

export function renderChart(
  seed: number,
  symbol: string,
  spec: SimSymbol,
  query: Record<string, string | undefined>,
  nowMs: number,
): ChartAnswer {
  const now = Math.floor(nowMs / 1000);
  const interval = query.interval ?? '1d';
  const rangeName = query.range ?? '1mo';
  const step = INTERVALS[interval];
  const year = new Date(nowMs).getUTCFullYear();
  const days =
    rangeName === 'ytd' ? Math.ceil((now - Date.UTC(year, 0, 1) / 1000) / DAY_S) : RANGES[rangeName];
  if (step === undefined)
    return chartError(400, 'Bad Request', `Invalid input - interval=${interval} is not supported.`);
  if (days === undefined)
    return chartError(400, 'Bad Request', `Invalid input - range=${rangeName} is not supported.`);
  if (step < DAY_S && days > 60)
    return chartError(422, 'Unprocessable Entity', `${interval} data not available for the requested range.`);
  const covered = sessions(spec, now, days);
  const price = (t: number) => priceAt(seed, symbol, spec, Math.min(t, now));
  const first = covered[0]!;
  const beforeFirst =
    sessionOf(spec.session, first.start - DAY_S) ?? lastSession(spec.session, first.start - 2 * DAY_S);
  const last = covered.at(-1)!;
  const marketTime = Math.min(now, last.end);
  const timestamp: number[] = [];
  const quote = {
    open: [] as (number | null)[],
    high: [] as (number | null)[],
    low: [] as (number | null)[],
    close: [] as (number | null)[],
    volume: [] as (number | null)[],
  };
  for (const session of covered) {
    const barStep = step >= DAY_S ? session.end - session.start : step;
    for (let t = session.start; t < Math.min(session.end, now + 1); t += barStep) {
      const end = Math.min(t + barStep, session.end, now);
      const samples = [t, (t + end) / 2, end].map(price);
      const hole = uniform(seed, holes, t);
      const isLast = t + barStep >= Math.min(session.end, now + 1) && session === last;
      timestamp.push(t);
      const blank = !isLast && hole < 0.02;
      quote.open.push(blank || (!isLast && hole > 0.95) ? null : samples[0]!);
      quote.high.push(blank ? null : Math.max(...samples));
      quote.low.push(blank ? null : Math.min(...samples));
      quote.close.push(blank ? null : samples[2]!);
      quote.volume.push(blank ? null : Math.round(1000 + 5000 * hole));
    }
  }
  const lastBars = timestamp.map((t, i) => ({ t, i })).filter(({ t }) => t >= last.start);
  const highs = lastBars.map(({ i }) => quote.high[i]).filter((v): v is number => v !== null);
  const lows = lastBars.map(({ i }) => quote.low[i]).filter((v): v is number => v !== null);
  const period = { timezone: 'EST', start: last.start, end: last.end, gmtoffset: -18000 };
  const indicators: Record<string, unknown> = { quote: [quote] };
  if (step >= DAY_S) indicators.adjclose = [{ adjclose: quote.close }];
  return {
    status: 200,
    body: {
      chart: {
        result: [
          {
            meta: {
              currency: spec.currency,
              symbol,
              exchangeName: spec.exchangeName,
              fullExchangeName: spec.fullExchangeName,
              instrumentType: spec.instrumentType,
              firstTradeDate: 969249600,
              regularMarketTime: marketTime,
              hasPrePostMarketData: false,
              gmtoffset: -18000,
              timezone: 'EST',
              exchangeTimezoneName: 'America/New_York',
              regularMarketPrice: price(marketTime),
              fiftyTwoWeekHigh: Math.round(spec.base * 1.12 * 100) / 100,
              fiftyTwoWeekLow: Math.round(spec.base * 0.8 * 100) / 100,
              regularMarketDayHigh: Math.max(...highs),
              regularMarketDayLow: Math.min(...lows),
              regularMarketVolume: 600_000,
              shortName: spec.shortName,
              chartPreviousClose: price(beforeFirst.end),
              priceHint: spec.priceHint,
              currentTradingPeriod: {
                pre: { ...period, end: period.start },
                regular: period,
                post: { ...period, start: period.end },
              },
              dataGranularity: interval,
              range: rangeName,
              validRanges: VALID_RANGES,
            },
            timestamp,
            indicators,
          },
        ],
        error: null,
      },
    },
  };
}
