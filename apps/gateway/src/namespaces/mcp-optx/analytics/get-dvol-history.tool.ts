import { Type } from '@sinclair/typebox';
import { parseRange } from '../../../domain/date-range.js';
import { optxTool } from '../optx-clients.js';
import { CurrencyInput } from './chain-input.js';
import { DVOL_RESOLUTIONS, type DvolResolution, fetchDvol } from './dvol-pages.js';

export const GetDvolHistoryInputSchema = Type.Object(
  {
    currency: Type.Optional(CurrencyInput),
    start_date: Type.String({ description: 'YYYY-MM-DD or ISO 8601 datetime (UTC when no zone)' }),
    end_date: Type.String({ description: 'YYYY-MM-DD (end of that day) or ISO 8601 datetime' }),
    resolution: Type.Optional(
      Type.Union(
        DVOL_RESOLUTIONS.map((r) => Type.Literal(r)),
        { default: '1D', description: 'Seconds (1, 60, 3600, 43200) or 1D' },
      ),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { currency: 'BTC', start_date: '2026-10-01', end_date: '2026-10-31', resolution: '1D' },
      { currency: 'ETH', start_date: '2026-11-01', end_date: '2026-11-03', resolution: '3600' },
    ],
  },
);

export const GetDvolHistoryOutputSchema = Type.Object(
  {
    currency: Type.String(),
    resolution: Type.String(),
    pages: Type.Integer({ description: 'Upstream pages read (continuation paging)' }),
    candles: Type.Array(
      Type.Object({
        timestamp: Type.String({ format: 'date-time' }),
        open: Type.Number(),
        high: Type.Number(),
        low: Type.Number(),
        close: Type.Number(),
      }),
    ),
  },
  {
    examples: [
      {
        currency: 'BTC',
        resolution: '1D',
        pages: 1,
        candles: [{ timestamp: '2026-10-01T00:00:00.000Z', open: 50.1, high: 52.3, low: 49.8, close: 51.7 }],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getDvolHistory = optxTool({
  name: 'get_dvol_history',
  title: 'DVOL history',
  summary: 'DVOL candles over a date range, all continuation pages read',
  description:
    'public/get_volatility_index_data paged with `continuation` until the range is covered; rows sorted and ' +
    'de-duplicated by timestamp. At most 20 000 rows per request (422 naming start_date beyond).',
  kind: 'read',
  input: GetDvolHistoryInputSchema,
  output: GetDvolHistoryOutputSchema,
  handler: async (input, context) => {
    const { clients } = context;
    const { startMs, endMs } = parseRange(input.start_date, input.end_date);
    const currency = input.currency ?? 'BTC';
    const resolution = (input.resolution ?? '1D') as DvolResolution;
    const history = await fetchDvol(context, clients.market, { currency, startMs, endMs, resolution });
    return {
      data: {
        currency,
        resolution,
        pages: history.pages,
        candles: history.rows.map(([t, open, high, low, close]) => ({
          timestamp: new Date(t).toISOString(),
          open,
          high,
          low,
          close,
        })),
      },
      obtainedAt: history.obtainedAt,
      stale: history.stale,
    };
  },
});
