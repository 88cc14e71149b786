import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { INTERVAL_MS } from '../../../domain/intervals.js';
import { realizedVol } from '../../../domain/options/vol-history.js';
import { OPTX_MAX_BARS_PER_CALL, OPTX_RESOLUTION } from '../../../venues/deribit/deribit-requests.js';
import { optxTool } from '../optx-clients.js';
import { NullableNumber } from './chain-input.js';

const RESOLUTIONS = ['1m', '5m', '15m', '1h', '1d'] as const;

export const GetRealizedVolInputSchema = Type.Object(
  {
    instrument: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 64,
        default: 'BTC-PERPETUAL',
        description: 'Usually a perpetual',
      }),
    ),
    resolution: Type.Optional(
      Type.Union(
        RESOLUTIONS.map((r) => Type.Literal(r)),
        { default: '1h' },
      ),
    ),
    window: Type.Optional(
      Type.Integer({
        minimum: 3,
        maximum: OPTX_MAX_BARS_PER_CALL,
        default: 720,
        description: 'Closed bars ending at the last closed bar (720 × 1h = 30 days)',
      }),
    ),
    zero_mean: Type.Optional(
      Type.Boolean({ default: false, description: 'Close-to-close as √(Σr²/n) instead of the sample stdev' }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { instrument: 'BTC-PERPETUAL', resolution: '1h', window: 720 },
      { instrument: 'ETH-PERPETUAL' },
    ],
  },
);

export const GetRealizedVolOutputSchema = Type.Object(
  {
    instrument: Type.String(),
    resolution: Type.String(),
    close_to_close: NullableNumber('Annualised percent, 365 × bars per day'),
    parkinson: NullableNumber('Annualised percent from ln(H/L)'),
    n: Type.Integer({ description: 'Returns used (bars − 1)' }),
    bars: Type.Integer(),
    periods_per_year: Type.Number(),
    window_start: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    window_end: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    venue_historical_volatility: NullableNumber(
      "Latest point of Deribit's public/get_historical_volatility (BTC, ETH)",
    ),
  },
  {
    examples: [
      {
        instrument: 'BTC-PERPETUAL',
        resolution: '1h',
        close_to_close: 48.2,
        parkinson: 44.9,
        n: 719,
        bars: 720,
        periods_per_year: 8760,
        window_start: '2026-10-21T12:00:00.000Z',
        window_end: '2026-11-20T11:00:00.000Z',
        venue_historical_volatility: 47.6,
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getRealizedVol = optxTool({
  name: 'get_realized_vol',
  title: 'Realized volatility',
  summary: 'Close-to-close and Parkinson realized volatility from venue candles, annualised by 365 days',
  description:
    'Candles from public/get_tradingview_chart_data (closed bars only, one call). r = ln(C_t/C_{t−1}); ' +
    'close-to-close = sample stdev × √P (or zero-mean), Parkinson = √(Σ ln(H/L)²/(4 n ln 2)) × √P, ' +
    'P = 365 × bars per day (24/7 market). Missing bars are skipped, not filled.',
  kind: 'read',
  input: GetRealizedVolInputSchema,
  output: GetRealizedVolOutputSchema,
  handler: async (input, context) => {
    const { clients, now } = context;
    const instrument = input.instrument ?? 'BTC-PERPETUAL';
    const interval = input.resolution ?? '1h';
    const step = INTERVAL_MS[interval];
    const window = input.window ?? 720;
    const lastClosed = Math.floor(now() / step) * step - step;
    const fetched = await clients.market.getChartData(context, {
      instrument,
      startMs: lastClosed - (window - 1) * step,
      endMs: lastClosed,
      resolution: OPTX_RESOLUTION[interval],
    });
    const bars = fetched.data.filter((bar) => bar.timestamp <= lastClosed);
    if (bars.length < 3)
      throw new AppError(502, 'UPSTREAM_NO_DATA', `optx returned fewer than 3 bars for ${instrument}`);
    const result = realizedVol(
      { close: bars.map((b) => b.close), high: bars.map((b) => b.high), low: bars.map((b) => b.low) },
      (365 * 86_400_000) / step,
      input.zero_mean ?? false,
    );
    const coin = instrument.split(/[-_]/)[0]!;
    const venueHv =
      coin === 'BTC' || coin === 'ETH'
        ? ((await clients.market.getHistoricalVolatility(context, coin)).data.at(-1)?.[1] ?? null)
        : null;
    return {
      data: {
        instrument,
        resolution: interval,
        ...result,
        bars: bars.length,
        window_start: new Date(bars[0]!.timestamp).toISOString(),
        window_end: new Date(bars.at(-1)!.timestamp).toISOString(),
        venue_historical_volatility: venueHv,
      },
      obtainedAt: fetched.receivedAt,
      stale: fetched.stale,
    };
  },
});
