/**
 * Reads Yahoo's chart API v8 answer (notes macro.md U2.2): `chart.result[0]` with `meta` (last price, the
 * close before the range, the regular session) and bars in parallel arrays whose entries may be null. A bar
 * without a close is left out; a null open, high or low stays null. An answer without `timestamp` (market
 * closed, new contract) has no bars and the price comes from `meta.regularMarketPrice` alone.
 */

export interface Bar {
  time: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
}

export interface Chart {
  symbol: string;
  currency: string | null;
  exchange: string | null;
  instrumentType: string | null;
  name: string | null;
  price: number;
  /** `chartPreviousClose`: the close before the range's first bar (the prior session's with range=1d). */
  previousClose: number | null;
  /** Unix seconds of the last price. */
  marketTime: number;
  dayHigh: number | null;
  dayLow: number | null;
  /** The current regular session (unix seconds), when Yahoo gives it. */
  regular: { start: number; end: number } | null;
  bars: Bar[];
}

/** Why a body is not a chart answer; the client turns it into a 502. */
export class ChartFormatError extends Error {}

type Meta = Record<string, unknown>;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function barsOf(result: { timestamp?: unknown; indicators?: { quote?: Record<string, unknown>[] } }): Bar[] {
  const times = Array.isArray(result.timestamp) ? (result.timestamp as unknown[]) : [];
  const quote = result.indicators?.quote?.[0] ?? {};
  const column = (name: string) => (Array.isArray(quote[name]) ? (quote[name] as unknown[]) : []);
  const [open, high, low, close, volume] = ['open', 'high', 'low', 'close', 'volume'].map(column);
  const bars: Bar[] = [];
  times.forEach((time, i) => {
    const closed = num(close![i]);
    if (typeof time !== 'number' || closed === null) return;
    bars.push({
      time,
      open: num(open![i]),
      high: num(high![i]),
      low: num(low![i]),
      close: closed,
      volume: num(volume![i]),
    });
  });
  return bars;
}

export function parseChart(body: unknown): Chart {
  const chart = (body as { chart?: { result?: unknown; error?: unknown } } | null)?.chart;
  const result = Array.isArray(chart?.result) ? (chart.result[0] as Record<string, unknown>) : undefined;
  const meta = result?.meta as Meta | undefined;
  if (!result || !meta) throw new ChartFormatError('no chart.result[0].meta');
  const price = num(meta.regularMarketPrice);
  const marketTime = num(meta.regularMarketTime);
  if (price === null || marketTime === null)
    throw new ChartFormatError('meta has no regularMarketPrice/Time');
  const regular = (meta.currentTradingPeriod as { regular?: Meta } | undefined)?.regular;
  const start = num(regular?.start);
  const end = num(regular?.end);
  return {
    symbol: str(meta.symbol) ?? '',
    currency: str(meta.currency),
    exchange: str(meta.fullExchangeName) ?? str(meta.exchangeName),
    instrumentType: str(meta.instrumentType),
    name: str(meta.shortName) ?? str(meta.longName),
    price,
    previousClose: num(meta.chartPreviousClose) ?? num(meta.previousClose),
    marketTime,
    dayHigh: num(meta.regularMarketDayHigh),
    dayLow: num(meta.regularMarketDayLow),
    regular: start !== null && end !== null ? { start, end } : null,
    bars: barsOf(result as never),
  };
}

/** The `{code, description}` of a chart error envelope, when the body is one. */
export function chartError(body: unknown): { code: string; description: string } | undefined {
  const error = (body as { chart?: { error?: { code?: unknown; description?: unknown } } } | null)?.chart
    ?.error;
  if (!error) return undefined;
  return { code: String(error.code ?? ''), description: String(error.description ?? '') };
}
