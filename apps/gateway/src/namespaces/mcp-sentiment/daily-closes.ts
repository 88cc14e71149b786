import { AppError, unprocessable } from '@app/kit';
import type { LogSeries } from '../../domain/cointegration/pairs.js';
import { venueSymbol } from '../../domain/funding/symbols.js';
import type { ToolContext } from '../../tools/tool.js';
import { allSourcesFailed, errorText } from '../mcp/failed-sources.js';
import { settleFanOut } from './fan-out.js';
import type { FailedSource } from './sentiment.schema.js';
import type { SentimentClients } from './sentiment-tool.js';

export const MIN_COMMON_DAYS = 60;
const DAY_MS = 86_400_000;

export interface AlignedCloses {
  series: LogSeries[];
  /** UTC dates of the aligned closes, oldest first. */
  dates: string[];
  failed: FailedSource[];
  receivedAt: number;
  stale: boolean;
}

/**
 * Daily closes from Binance spot klines, else Bybit spot (notes tool 9), the still-open candle dropped, aligned by UTC date
 * (the intersection over the assets that answered), as natural logs. An asset that fails is listed and left out.
 */
export async function alignedDailyCloses(
  assets: readonly string[],
  lookbackDays: number,
  context: ToolContext<SentimentClients>,
): Promise<AlignedCloses> {
  const now = context.now();
  // Binance spot first; an asset Binance cannot answer (geo block, not listed) is read from Bybit spot.
  const closesOf = async (asset: string) => {
    try {
      return await context.clients.binance.spotDailyKlines(
        context,
        venueSymbol('binance', asset)!,
        lookbackDays + 1,
      );
    } catch (binanceError) {
      try {
        return await context.clients.bybit.klines(
          context,
          'spot',
          venueSymbol('bybit', asset)!,
          'D',
          lookbackDays + 1,
        );
      } catch (bybitError) {
        throw new AppError(
          502,
          'ALL_SOURCES_FAILED',
          `binance: ${errorText(binanceError)}; bybit: ${errorText(bybitError)}`,
          {
            retryable: true,
          },
        );
      }
    }
  };
  const settled = await Promise.allSettled(assets.map(closesOf));
  const closes = new Map<string, Map<number, number>>();
  const { failed, errors, receivedAt, stale } = settleFanOut(assets, settled, {
    sourceOf: (asset) => `closes:${asset}`,
    receivedAt: now,
    each: (asset, answer) => {
      const complete = answer.data.filter((candle) => candle.closeTime < now && candle.close > 0);
      closes.set(
        asset,
        new Map(
          complete.slice(-lookbackDays).map((candle) => [Math.floor(candle.openTime / DAY_MS), candle.close]),
        ),
      );
    },
  });
  if (errors.length === assets.length)
    throw allSourcesFailed('no asset’s daily closes could be read', errors, failed);
  const answered = [...closes.keys()];
  if (answered.length < 2)
    throw new AppError(422, 'TOO_FEW_ASSETS', 'assets: fewer than two assets have daily closes', {
      details: { field: 'assets', failed_sources: failed },
    });
  const days = [...closes.get(answered[0]!)!.keys()]
    .filter((day) => answered.every((asset) => closes.get(asset)!.has(day)))
    .sort((a, b) => a - b);
  if (days.length < MIN_COMMON_DAYS)
    throw unprocessable(
      `lookback_days: ${days.length} common daily closes, ${MIN_COMMON_DAYS} needed`,
      'INSUFFICIENT_HISTORY',
      { field: 'lookback_days' },
    );
  return {
    series: answered.map((asset) => ({
      asset,
      logs: Float64Array.from(days, (day) => Math.log(closes.get(asset)!.get(day)!)),
    })),
    dates: days.map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10)),
    failed,
    receivedAt,
    stale,
  };
}
