import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { resolveAsset } from '../../venues/hyperliquid/perp-orders.js';
import { perpdexTool } from './perpdex-tool.js';

/** Funding and basis of `/mcp-perpdex` (notes §2, §4.10–4.12, §13): rates are hourly fractions on this venue. */

const HOURS_PER_YEAR = 8760;
const HOUR_MS = 3_600_000;
const num = (description: string) => Type.Number({ description });
const nullableNum = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
const coinField = Type.String({ minLength: 1, maxLength: 32, description: 'Perp coin, case-sensitive' });

export const getFundingRate = perpdexTool({
  name: 'get_funding_rate',
  title: 'Funding rate',
  summary:
    'Current hourly funding, its history (fundingHistory) and predicted rates across venues (predictedFundings)',
  kind: 'read',
  input: Type.Object(
    {
      coin: coinField,
      history_hours: Type.Optional(
        Type.Integer({
          minimum: 0,
          maximum: 500,
          default: 24,
          description: 'Hourly settlements to return, newest last',
        }),
      ),
    },
    { additionalProperties: false, examples: [{ coin: 'BTC', history_hours: 24 }] },
  ),
  output: Type.Object(
    {
      coin: Type.String(),
      current: Type.Object({
        rate_hourly: nullableNum('Fraction per hour; positive: longs pay shorts'),
        rate_8h: nullableNum('Fraction per 8 h (hourly × 8), to compare with 8-hour venues'),
        rate_annualized: nullableNum('Fraction per year (hourly × 8760, simple)'),
      }),
      history: Type.Array(
        Type.Object({
          time: Type.String({ format: 'date-time' }),
          rate_hourly: num('Fraction'),
          premium: nullableNum('Fraction'),
        }),
      ),
      predicted: Type.Array(
        Type.Object({
          venue: Type.String({ description: 'HlPerp (this venue), BinPerp, BybitPerp' }),
          rate_per_interval: num('Fraction per the venue funding interval'),
          interval_hours: num('Hours'),
          rate_hourly: num('Fraction per hour'),
          next_funding_time: Type.String({ format: 'date-time' }),
        }),
      ),
    },
    {
      examples: [
        {
          coin: 'BTC',
          current: { rate_hourly: 0.0000125, rate_8h: 0.0001, rate_annualized: 0.1095 },
          history: [{ time: '2026-11-20T12:00:00.000Z', rate_hourly: 0.0000125, premium: -0.0000912 }],
          predicted: [
            {
              venue: 'BinPerp',
              rate_per_interval: 0.0001,
              interval_hours: 8,
              rate_hourly: 0.0000125,
              next_funding_time: '2026-11-20T16:00:00.000Z',
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { perpdex } = context.clients;
    resolveAsset((await perpdex.getMeta(context)).data, input.coin);
    const hours = input.history_hours ?? 24;
    const start = context.now() - hours * HOUR_MS;
    const [markets, history, predicted] = await Promise.all([
      perpdex.getMarkets(context),
      hours > 0 ? perpdex.getFundingHistory(context, input.coin, start) : Promise.resolve(undefined),
      perpdex.getPredictedFundings(context),
    ]);
    const rate = markets.data.find((market) => market.asset === input.coin)?.funding_rate ?? null;
    return {
      data: {
        coin: input.coin,
        current: {
          rate_hourly: rate,
          rate_8h: rate === null ? null : rate * 8,
          rate_annualized: rate === null ? null : rate * HOURS_PER_YEAR,
        },
        history: history?.data ?? [],
        predicted: predicted.data[input.coin] ?? [],
      },
      obtainedAt: Math.min(
        markets.receivedAt,
        predicted.receivedAt,
        history?.receivedAt ?? Number.POSITIVE_INFINITY,
      ),
    };
  },
});

/** Spot tokens the L1 renames (notes §4.12): the perp BTC trades as UBTC/USDC on spot. */
const SPOT_NAMES: Record<string, string[]> = { BTC: ['UBTC', 'BTC'], ETH: ['UETH', 'ETH'] };

export const basisSpotPerp = perpdexTool({
  name: 'basis_spot_perp',
  title: 'Spot-perp basis',
  summary:
    'Perp mark versus the spot mid of the matching USDC pair (metaAndAssetCtxs + spotMetaAndAssetCtxs)',
  kind: 'read',
  input: Type.Object({ coin: coinField }, { additionalProperties: false, examples: [{ coin: 'ETH' }] }),
  output: Type.Object(
    {
      coin: Type.String(),
      spot_pair: Type.String({ description: 'Spot pair name on the L1 (PURR/USDC or @index)' }),
      spot_token: Type.String({ description: 'Base token name on the L1 (UBTC for BTC)' }),
      perp_mark_price: num('USD'),
      perp_oracle_price: nullableNum('USD'),
      spot_price: num('Spot mid (or mark when there is no mid), USD'),
      basis: num('perp mark / spot − 1 (fraction)'),
      basis_bp: num('Basis in basis points'),
      funding_rate_hourly: nullableNum('Fraction'),
    },
    {
      examples: [
        {
          coin: 'ETH',
          spot_pair: '@2',
          spot_token: 'UETH',
          perp_mark_price: 3456.8,
          perp_oracle_price: 3455.1,
          spot_price: 3455.5,
          basis: 0.000376,
          basis_bp: 3.76,
          funding_rate_hourly: 0.0000125,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { perpdex } = context.clients;
    const [markets, spot] = await Promise.all([perpdex.getMarkets(context), perpdex.getSpotMarkets(context)]);
    const market = markets.data.find((entry) => entry.asset === input.coin && !entry.native.meta.isDelisted);
    if (!market) resolveAsset((await perpdex.getMeta(context)).data, input.coin);
    const names = SPOT_NAMES[input.coin] ?? [input.coin];
    const pair = names.map((name) => spot.data.find((candidate) => candidate.base === name)).find(Boolean);
    const spotPrice = pair?.mid_price ?? pair?.mark_price ?? null;
    if (!market?.mark_price || !pair || !spotPrice)
      throw new AppError(404, 'NO_SPOT_PAIR', `perpdex has no USDC spot pair for ${input.coin}`, {
        details: { field: 'coin', looked_for: names.map((name) => `${name}/USDC`) },
      });
    const basis = market.mark_price / spotPrice - 1;
    const oracle = (market.native.context as Record<string, unknown> | null)?.oraclePx;
    return {
      data: {
        coin: input.coin,
        spot_pair: pair.pair,
        spot_token: pair.base,
        perp_mark_price: market.mark_price,
        perp_oracle_price: oracle === undefined || oracle === null ? null : Number(oracle),
        spot_price: spotPrice,
        basis,
        basis_bp: basis * 10_000,
        funding_rate_hourly: market.funding_rate,
      },
      obtainedAt: Math.min(markets.receivedAt, spot.receivedAt),
    };
  },
});
