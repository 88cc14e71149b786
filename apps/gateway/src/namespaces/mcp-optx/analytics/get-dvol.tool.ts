import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { optxTool } from '../optx-clients.js';
import { CurrencyInput } from './chain-input.js';
import { fetchDvol } from './dvol-pages.js';

export const GetDvolInputSchema = Type.Object(
  { currency: Type.Optional(CurrencyInput) },
  { additionalProperties: false, examples: [{ currency: 'BTC' }, { currency: 'ETH' }] },
);

export const GetDvolOutputSchema = Type.Object(
  {
    currency: Type.String(),
    dvol: Type.Number({ description: 'Latest DVOL close: 30-day annualised implied vol, vol points' }),
    timestamp: Type.String({ format: 'date-time', description: 'Open time of the latest 1-minute row' }),
    high_2h: Type.Number(),
    low_2h: Type.Number(),
    change_2h: Type.Number({ description: 'Latest close minus the first open of the last two hours' }),
  },
  {
    examples: [
      {
        currency: 'BTC',
        dvol: 52.31,
        timestamp: '2026-11-20T12:33:00.000Z',
        high_2h: 52.9,
        low_2h: 51.8,
        change_2h: 0.41,
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getDvol = optxTool({
  name: 'get_dvol',
  title: 'DVOL',
  summary: "Deribit's volatility index (DVOL) now, with its two-hour range",
  description:
    'public/get_volatility_index_data over the last two hours at resolution 60 (seconds); latest close.',
  kind: 'read',
  input: GetDvolInputSchema,
  output: GetDvolOutputSchema,
  handler: async (input, context) => {
    const { clients, now } = context;
    const currency = input.currency ?? 'BTC';
    const end = now();
    const history = await fetchDvol(context, clients.market, {
      currency,
      startMs: end - 2 * 3_600_000,
      endMs: end,
      resolution: '60',
    });
    const last = history.rows.at(-1);
    if (!last) throw new AppError(502, 'UPSTREAM_NO_DATA', `optx returned no DVOL rows for ${currency}`);
    return {
      data: {
        currency,
        dvol: last[4],
        timestamp: new Date(last[0]).toISOString(),
        high_2h: Math.max(...history.rows.map((row) => row[2])),
        low_2h: Math.min(...history.rows.map((row) => row[3])),
        change_2h: last[4] - history.rows[0]![1],
      },
      obtainedAt: history.obtainedAt,
      stale: history.stale,
    };
  },
});
