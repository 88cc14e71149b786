import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { ivRank } from '../../../domain/options/vol-history.js';
import { optxTool } from '../optx-clients.js';
import { CurrencyInput, NullableNumber } from './chain-input.js';
import { fetchDvol } from './dvol-pages.js';

const DAY_MS = 86_400_000;

export const GetIvRankInputSchema = Type.Object(
  { currency: Type.Optional(CurrencyInput) },
  { additionalProperties: false, examples: [{ currency: 'BTC' }, { currency: 'ETH' }] },
);

export const GetIvRankOutputSchema = Type.Object(
  {
    currency: Type.String(),
    current: Type.Number({ description: 'Latest DVOL daily close' }),
    min: Type.Number(),
    max: Type.Number(),
    iv_rank: NullableNumber('100·(cur − min)/(max − min) over the previous 365 daily closes'),
    iv_percentile: NullableNumber('100·#{x < cur}/n over the same closes'),
    n: Type.Integer({ description: 'Daily closes in the history' }),
  },
  {
    examples: [
      {
        currency: 'BTC',
        current: 52.3,
        min: 38.1,
        max: 81.4,
        iv_rank: 32.79,
        iv_percentile: 41.1,
        n: 365,
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

export const getIvRank = optxTool({
  name: 'get_iv_rank',
  title: 'IV rank and percentile',
  summary: 'DVOL now against its last 365 daily closes: rank and percentile',
  description:
    'DVOL daily closes (resolution 1D) over the previous 365 days (crypto trades every day, so 365 rather than ' +
    '252); `current` is the latest close, the history is the closes before it.',
  kind: 'read',
  input: GetIvRankInputSchema,
  output: GetIvRankOutputSchema,
  handler: async (input, context) => {
    const { clients, now } = context;
    const currency = input.currency ?? 'BTC';
    const end = now();
    const history = await fetchDvol(context, clients.market, {
      currency,
      startMs: Math.floor(end / DAY_MS) * DAY_MS - 366 * DAY_MS,
      endMs: end,
      resolution: '1D',
    });
    const closes = history.rows.map((row) => row[4]);
    const current = closes.pop();
    if (current === undefined)
      throw new AppError(502, 'UPSTREAM_NO_DATA', `optx returned no DVOL rows for ${currency}`);
    return {
      data: { currency, ...ivRank(closes.slice(-365), current) },
      obtainedAt: history.obtainedAt,
      stale: history.stale,
    };
  },
});
