import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';

const BARS = [
  '1min',
  '2min',
  '3min',
  '5min',
  '10min',
  '15min',
  '30min',
  '1h',
  '2h',
  '3h',
  '4h',
  '8h',
  '1d',
  '1w',
  '1m',
];

export const getBars = brokerTool({
  name: 'get_bars',
  title: 'Bars',
  summary:
    'OHLCV bars of a conid over a relative period (IBKR history: period like 1d, 2w, 6m; bar like 5min, 1h, 1d)',
  description:
    'At most 1000 bars per answer. `period` units: min, h, d, w, m (months), y. Volume of US stocks is in lots of 100 shares as IBKR reports it.',
  kind: 'read',
  input: Type.Object(
    {
      conid: Type.Integer({ minimum: 1 }),
      period: Type.String({
        pattern: '^[1-9][0-9]{0,3}(min|h|d|w|m|y)$',
        description: 'Relative period, e.g. 1d, 2w, 6m',
      }),
      bar: Type.Union(BARS.map((bar) => Type.Literal(bar))),
      outside_rth: Type.Optional(Type.Boolean({ default: false })),
    },
    { additionalProperties: false, examples: [{ conid: 265598, period: '1d', bar: '1h' }] },
  ),
  output: Type.Object(
    {
      conid: Type.Integer(),
      symbol: Type.Union([Type.String(), Type.Null()]),
      bar: Type.String(),
      candles: Type.Array(
        Type.Object({
          timestamp: Type.Integer({ description: 'Bar start, epoch ms' }),
          open: Type.Number(),
          high: Type.Number(),
          low: Type.Number(),
          close: Type.Number(),
          volume: Type.Number(),
        }),
      ),
    },
    {
      examples: [
        {
          conid: 265598,
          symbol: 'AAPL',
          bar: '1d',
          candles: [
            {
              timestamp: 1735569000000,
              open: 252.23,
              high: 253.5,
              low: 250.75,
              close: 252.2,
              volume: 355270,
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const fetched = await context.clients.broker.read<{
      symbol?: string;
      data?: { o: number; h: number; l: number; c: number; v: number; t: number }[];
    }>(
      context,
      {
        method: 'GET',
        path: '/iserver/marketdata/history',
        query: {
          conid: input.conid,
          period: input.period,
          bar: input.bar,
          outsideRth: input.outside_rth ?? false,
        },
      },
      `history of ${input.conid}`,
    );
    const candles = (fetched.data.data ?? []).map((bar) => ({
      timestamp: bar.t,
      open: bar.o,
      high: bar.h,
      low: bar.l,
      close: bar.c,
      volume: bar.v,
    }));
    return {
      data: { conid: input.conid, symbol: fetched.data.symbol ?? null, bar: input.bar, candles },
      obtainedAt: fetched.receivedAt,
    };
  },
});
