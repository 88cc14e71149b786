import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { venueSymbol } from '../../domain/funding/symbols.js';
import type { OiPoint } from '../../providers/venue-public/public-answer.js';
import type { Fetched } from '../../venues/venue-call.js';
import { allSourcesFailed } from '../mcp/failed-sources.js';
import { settleFanOut } from './fan-out.js';
import { AssetSchema, FailedSourceSchema, nullable } from './sentiment.schema.js';
import { sentimentTool } from './sentiment-tool.js';

/** Binance `period` → Bybit open-interest `intervalTime` and kline `interval`; 2h, 6h, 12h are Binance-only. */
const PERIODS = {
  '5m': { bybit: ['5min', '5'], ms: 300_000 },
  '15m': { bybit: ['15min', '15'], ms: 900_000 },
  '30m': { bybit: ['30min', '30'], ms: 1_800_000 },
  '1h': { bybit: ['1h', '60'], ms: 3_600_000 },
  '2h': { bybit: null, ms: 7_200_000 },
  '4h': { bybit: ['4h', '240'], ms: 14_400_000 },
  '6h': { bybit: null, ms: 21_600_000 },
  '12h': { bybit: null, ms: 43_200_000 },
  '1d': { bybit: ['1d', 'D'], ms: 86_400_000 },
} as const;
type Period = keyof typeof PERIODS;
const OI_VENUES = ['binance', 'bybit'] as const;

export const GetOiHistoryInputSchema = Type.Object(
  {
    asset: AssetSchema,
    period: Type.Optional(
      Type.Union(
        Object.keys(PERIODS).map((period) => Type.Literal(period)),
        { default: '1h', description: '2h, 6h and 12h: Binance only' },
      ),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 2, maximum: 200, default: 48, description: 'Buckets per venue' }),
    ),
    venues: Type.Optional(
      Type.Array(Type.Union(OI_VENUES.map((venue) => Type.Literal(venue))), {
        minItems: 1,
        uniqueItems: true,
        description: 'Venues with open-interest history: binance, bybit (default both)',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ asset: 'BTC', period: '1h', limit: 24 }] },
);

const PointSchema = Type.Object({
  timestamp: Type.String({ format: 'date-time' }),
  oi_coin: Type.Number(),
  oi_usd: Type.Number(),
});

const SeriesSchema = Type.Object({
  venue: Type.String(),
  symbol: Type.String(),
  points: Type.Array(PointSchema, { description: 'Oldest first' }),
  change_pct: nullable(Type.Number({ description: 'First to last point' })),
});

export const GetOiHistoryOutputSchema = Type.Object(
  {
    asset: Type.String(),
    period: Type.String(),
    venues: Type.Array(SeriesSchema),
    combined: Type.Object({
      points: Type.Array(PointSchema, { description: 'Sums over the venues, at timestamps every venue has' }),
      change_pct: nullable(Type.Number()),
      change_pct_24h: nullable(Type.Number()),
    }),
    venues_skipped: Type.Array(Type.String(), { description: 'Venues without history at this period' }),
    failed_sources: Type.Array(FailedSourceSchema),
  },
  {
    examples: [
      {
        asset: 'BTC',
        period: '1h',
        venues: [
          {
            venue: 'binance',
            symbol: 'BTCUSDT',
            points: [{ timestamp: '2025-06-16T00:00:00.000Z', oi_coin: 80123.456, oi_usd: 8468917552.94 }],
            change_pct: 0.39,
          },
        ],
        combined: {
          points: [{ timestamp: '2025-06-16T00:00:00.000Z', oi_coin: 136134.677, oi_usd: 14389303612.6 }],
          change_pct: 0.21,
          change_pct_24h: null,
        },
        venues_skipped: [],
        failed_sources: [],
      },
    ],
  },
);

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const change = (first: number | undefined, last: number | undefined) =>
  first && last !== undefined ? round(((last - first) / first) * 100, 4) : null;

export const getOiHistory = sentimentTool({
  name: 'get_oi_history',
  title: 'Open-interest history',
  summary:
    'Open interest per venue (Binance, Bybit) and summed, in coins and USD, with the change over the window',
  description:
    'Binance openInterestHist (USD value native, last 30 days) and Bybit open-interest (coins, valued at the close ' +
    'of the kline of the same bucket). A venue that fails is listed in failed_sources; both failing is 502.',
  kind: 'read',
  input: GetOiHistoryInputSchema,
  output: GetOiHistoryOutputSchema,
  handler: async (input, context) => {
    const period = (input.period ?? '1h') as Period;
    const limit = input.limit ?? 48;
    const wanted = input.venues ?? [...OI_VENUES];
    const bybitPeriod = PERIODS[period].bybit;
    const venues = wanted.filter((venue) => venue === 'binance' || bybitPeriod);
    if (venues.length === 0)
      throw unprocessable(`period: ${period} is offered by Binance only`, 'UNSUPPORTED_PERIOD', {
        field: 'period',
      });
    const calls: Promise<Fetched<OiPoint[]>>[] = venues.map((venue) =>
      venue === 'binance'
        ? context.clients.binance.openInterestHistory(
            context,
            venueSymbol('binance', input.asset)!,
            period,
            limit,
          )
        : context.clients.bybit.openInterestHistory(
            context,
            venueSymbol('bybit', input.asset)!,
            bybitPeriod![0],
            bybitPeriod![1],
            limit,
          ),
    );
    const settled = await Promise.allSettled(calls);
    const series: { venue: string; symbol: string; points: OiPoint[] }[] = [];
    const {
      failed,
      errors,
      stale,
      receivedAt: obtainedAt,
    } = settleFanOut(venues, settled, {
      sourceOf: (venue) => venue,
      receivedAt: context.now(),
      each: (venue, answer) => {
        series.push({ venue, symbol: venueSymbol(venue, input.asset)!, points: answer.data });
      },
    });
    if (errors.length === venues.length && venues.length > 0)
      throw allSourcesFailed('every open-interest source failed', errors, failed);
    // Timestamps every venue has: the first venue's, kept where all others have them too.
    const shared = (series[0]?.points ?? [])
      .map((point) => point.timestamp)
      .filter((t) => series.every(({ points }) => points.some((point) => point.timestamp === t)));
    const combined = [...shared]
      .sort((a, b) => a - b)
      .map((timestamp) => {
        const at = series.map(({ points }) => points.find((point) => point.timestamp === timestamp)!);
        return {
          timestamp,
          oiCoin: at.reduce((sum, point) => sum + point.oiCoin, 0),
          oiUsd: at.reduce((sum, point) => sum + point.oiUsd, 0),
        };
      });
    const out = (point: OiPoint) => ({
      timestamp: new Date(point.timestamp).toISOString(),
      oi_coin: round(point.oiCoin, 6),
      oi_usd: round(point.oiUsd, 2),
    });
    const last = combined[combined.length - 1];
    const dayAgo = last && combined.find((point) => point.timestamp === last.timestamp - 86_400_000);
    return {
      data: {
        asset: input.asset,
        period,
        venues: series.map(({ venue, symbol, points }) => ({
          venue,
          symbol,
          points: points.map(out),
          change_pct: change(points[0]?.oiUsd, points[points.length - 1]?.oiUsd),
        })),
        combined: {
          points: combined.map(out),
          change_pct: change(combined[0]?.oiUsd, last?.oiUsd),
          change_pct_24h: change(dayAgo?.oiUsd, last?.oiUsd),
        },
        venues_skipped: wanted.filter((venue) => !venues.includes(venue)),
        failed_sources: failed,
      },
      obtainedAt,
      stale,
    };
  },
});
