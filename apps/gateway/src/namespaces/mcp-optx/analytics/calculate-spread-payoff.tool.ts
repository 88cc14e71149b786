import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { type PayoffLeg, spreadPayoff } from '../../../domain/options/spread-payoff.js';
import { optxTool } from '../optx-clients.js';
import { CurrencyInput, fetchChain, NullableNumber } from './chain-input.js';

const LegInput = Type.Object(
  {
    instrument_name: Type.Optional(Type.String({ minLength: 5, maxLength: 64 })),
    strike: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    option_type: Type.Optional(Type.Union([Type.Literal('call'), Type.Literal('put')])),
    direction: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1e6, description: 'Coins (contracts of 1 coin)' }),
    premium: Type.Optional(
      Type.Number({ minimum: 0, description: 'Coin per contract; defaults to the instrument’s mark_price' }),
    ),
  },
  { additionalProperties: false },
);

export const CalculateSpreadPayoffInputSchema = Type.Object(
  {
    currency: Type.Optional(CurrencyInput),
    legs: Type.Array(LegInput, { minItems: 1, maxItems: 8 }),
    spot: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'S_0 (USD); defaults to the index' }),
    ),
    grid_width: Type.Optional(Type.Number({ minimum: 0.05, maximum: 0.95, default: 0.5 })),
    grid_points: Type.Optional(Type.Integer({ minimum: 3, maximum: 1001, default: 201 })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        currency: 'BTC',
        spot: 100000,
        legs: [
          { strike: 100000, option_type: 'call', direction: 'buy', amount: 1, premium: 0.05 },
          { strike: 110000, option_type: 'call', direction: 'sell', amount: 1, premium: 0.02 },
        ],
      },
    ],
  },
);

const View = Type.Object({
  breakevens: Type.Array(Type.Number()),
  max_profit: NullableNumber('Null when unbounded'),
  max_loss: NullableNumber('Most negative P&L; null when unbounded'),
  profit_unbounded: Type.Boolean(),
  loss_unbounded: Type.Boolean(),
});

export const CalculateSpreadPayoffOutputSchema = Type.Object(
  {
    spot: Type.Number(),
    legs: Type.Array(
      Type.Object({
        instrument_name: Type.Union([Type.String(), Type.Null()]),
        strike: Type.Number(),
        option_type: Type.String(),
        direction: Type.String(),
        amount: Type.Number(),
        premium: Type.Number(),
      }),
    ),
    coin: View,
    usd: View,
    grid: Type.Array(
      Type.Object({
        price: Type.Number(),
        pnl_coin: Type.Number(),
        pnl_coin_usd: Type.Number(),
        pnl_usd: Type.Number(),
      }),
    ),
  },
  {
    examples: [
      {
        spot: 100000,
        legs: [
          {
            instrument_name: null,
            strike: 100000,
            option_type: 'call',
            direction: 'buy',
            amount: 1,
            premium: 0.05,
          },
        ],
        coin: {
          breakevens: [103092.78],
          max_profit: 0.0609,
          max_loss: -0.03,
          profit_unbounded: false,
          loss_unbounded: false,
        },
        usd: {
          breakevens: [103000],
          max_profit: 7000,
          max_loss: -3000,
          profit_unbounded: false,
          loss_unbounded: false,
        },
        grid: [{ price: 50000, pnl_coin: -0.03, pnl_coin_usd: -1500, pnl_usd: -3000 }],
        data_timestamp: '2026-11-20T12:34:56.000Z',
      },
    ],
  },
);

/** Reads `BTC-26DEC26-100000-C`: strike and type (the expiry does not change the payoff at expiry). */
function parseName(name: string, at: number): { strike: number; type: 'call' | 'put' } {
  const match = /^[A-Z]+(?:_USDC)?-\d{1,2}[A-Z]{3}\d{2}-(\d+(?:d\d+)?)-([CP])$/.exec(name);
  if (!match)
    throw unprocessable(`legs[${at}].instrument_name is not an option name`, 'VALIDATION_ERROR', {
      field: `legs[${at}].instrument_name`,
    });
  return { strike: Number(match[1]!.replace('d', '.')), type: match[2] === 'C' ? 'call' : 'put' };
}

export const calculateSpreadPayoff = optxTool({
  name: 'calculate_spread_payoff',
  title: 'Spread payoff at expiry',
  summary:
    'P&L at expiry of option legs in coin (inverse, as Deribit settles) and USD views, with breakevens',
  description:
    'Coin view: PnL = Σ σ·amount·(intrinsic(S_T)/S_T − premium), also in USD at expiry (× S_T). USD view: ' +
    'PnL = Σ σ·amount·(intrinsic(S_T) − premium·S_0). σ = +1 buy, −1 sell. Grid over [S_0(1 − w), S_0(1 + w)] ' +
    'plus every strike; breakevens refined by bisection; extremes over the grid, null with the unbounded flag ' +
    'when the payoff runs off (USD: net calls as S_T → ∞; coin: net puts as S_T → 0). Premiums default to the ' +
    'mark (one chain snapshot); fees excluded. A leg needs instrument_name, or strike and option_type.',
  kind: 'read',
  input: CalculateSpreadPayoffInputSchema,
  output: CalculateSpreadPayoffOutputSchema,
  handler: async (input, context) => {
    const needsChain = input.spot === undefined || input.legs.some((leg) => leg.premium === undefined);
    const fetched = needsChain ? await fetchChain(context, input, context) : null;
    const legs = input.legs.map((leg, at) => {
      const named = leg.instrument_name ? parseName(leg.instrument_name, at) : null;
      const strike = named?.strike ?? leg.strike;
      const type = named?.type ?? leg.option_type;
      if (strike === undefined || type === undefined)
        throw unprocessable(
          `legs[${at}] needs instrument_name, or strike and option_type`,
          'VALIDATION_ERROR',
          {
            field: `legs[${at}].instrument_name`,
          },
        );
      let premium = leg.premium;
      if (premium === undefined) {
        const chain = fetched!.chain;
        const i = leg.instrument_name ? chain.names.indexOf(leg.instrument_name) : -1;
        if (i < 0 || !Number.isFinite(chain.markPrice[i]!))
          throw unprocessable(
            `legs[${at}].premium is needed: no live mark for this leg`,
            'VALIDATION_ERROR',
            {
              field: `legs[${at}].premium`,
            },
          );
        premium = chain.markPrice[i]!;
      }
      return {
        strike,
        type,
        direction: leg.direction,
        amount: leg.amount,
        premium,
        name: leg.instrument_name ?? null,
      };
    });
    const spot = input.spot ?? fetched!.chain.spot;
    const result = spreadPayoff(legs satisfies PayoffLeg[], {
      spot,
      width: input.grid_width ?? 0.5,
      points: input.grid_points ?? 201,
    });
    return {
      data: {
        ...result,
        legs: legs.map(({ name, type, ...leg }) => ({ instrument_name: name, option_type: type, ...leg })),
      },
      obtainedAt: fetched?.obtainedAt ?? context.now(),
      stale: fetched?.stale,
    };
  },
});
