import { venueSymbol } from '../../domain/funding/symbols.js';
import type { HeatmapBar } from '../../domain/liquidation/heatmap.js';
import type { Candle, OiPoint } from '../../providers/venue-public/public-answer.js';
import type { ToolContext } from '../../tools/tool.js';
import { allSourcesFailed, errorText } from '../mcp/failed-sources.js';
import type { FailedSource } from './sentiment.schema.js';
import type { SentimentClients } from './sentiment-tool.js';

/** Bybit's open-interest history answers at most 200 rows a call. */
const BYBIT_MAX_ROWS = 200;

export interface HeatmapInputs {
  bars: HeatmapBar[];
  mark: number;
  /** What the bars were built from, for the answer's params. */
  data: string[];
  failed: FailedSource[];
  receivedAt: number;
  stale: boolean;
}

/** Hourly bars where open interest and a candle share a timestamp, with the long share where known (else 0.5). */
function join(
  oi: readonly OiPoint[],
  candles: readonly Candle[],
  longs: ReadonlyMap<number, number>,
): HeatmapBar[] {
  const byTime = new Map(candles.map((candle) => [candle.openTime, candle]));
  return oi.flatMap((point) => {
    const candle = byTime.get(point.timestamp);
    if (!candle) return [];
    const { high, low, close } = candle;
    return [
      {
        timestamp: point.timestamp,
        high,
        low,
        close,
        oiUsd: point.oiUsd,
        longShare: longs.get(point.timestamp) ?? 0.5,
      },
    ];
  });
}

async function fromBinance(asset: string, hours: number, context: ToolContext<SentimentClients>) {
  const symbol = venueSymbol('binance', asset)!;
  const { binance } = context.clients;
  const [oi, klines, ratio, funding] = await Promise.all([
    binance.openInterestHistory(context, symbol, '1h', hours),
    binance.futuresKlines(context, symbol, '1h', hours),
    binance.longShare(context, symbol, '1h', hours),
    binance.funding(context),
  ]);
  const bars = join(oi.data, klines.data, new Map(ratio.data.map((row) => [row.timestamp, row.long])));
  return {
    bars,
    mark: funding.data.get(asset)?.markPrice ?? bars[bars.length - 1]?.close ?? Number.NaN,
    data: ['binance openInterestHist 1h', 'binance klines 1h', 'binance globalLongShortAccountRatio 1h'],
    receivedAt: Math.min(oi.receivedAt, klines.receivedAt, ratio.receivedAt),
    stale: [oi, klines, ratio].some((part) => part.stale),
  };
}

async function fromBybit(asset: string, hours: number, context: ToolContext<SentimentClients>) {
  const symbol = venueSymbol('bybit', asset)!;
  const rows = Math.min(hours, BYBIT_MAX_ROWS);
  const [oi, klines] = await Promise.all([
    context.clients.bybit.openInterestHistory(context, symbol, '1h', '60', rows),
    context.clients.bybit.klines(context, 'linear', symbol, '60', rows),
  ]);
  const bars = join(oi.data, klines.data, new Map());
  return {
    bars,
    mark: bars[bars.length - 1]?.close ?? Number.NaN,
    data: [
      `bybit open-interest 1h (at most ${BYBIT_MAX_ROWS})`,
      'bybit kline 60',
      'long share 0.5 (no ratio)',
    ],
    receivedAt: Math.min(oi.receivedAt, klines.receivedAt),
    stale: oi.stale === true || klines.stale === true,
  };
}

/**
 * Binance's open interest, klines and long/short account ratio (notes tool 8); when Binance fails (a 451 geo
 * block, an outage), Bybit's open interest and klines with a long share of 0.5, Binance listed in failed_sources.
 */
export async function heatmapInputs(
  asset: string,
  hours: number,
  context: ToolContext<SentimentClients>,
): Promise<HeatmapInputs> {
  try {
    return { ...(await fromBinance(asset, hours, context)), failed: [] };
  } catch (binanceError) {
    const failed: FailedSource[] = [{ source: 'binance', error: errorText(binanceError) }];
    try {
      return { ...(await fromBybit(asset, hours, context)), failed };
    } catch (bybitError) {
      failed.push({ source: 'bybit', error: errorText(bybitError) });
      throw allSourcesFailed(
        'open interest and prices could be read from neither Binance nor Bybit',
        [binanceError, bybitError],
        failed,
      );
    }
  }
}
