import { Type } from '@sinclair/typebox';
import { perpdexTool } from './perpdex-tool.js';

/** The account reads of `/mcp-perpdex`: about the master account, never the agent (notes §8). */

const num = (description: string) => Type.Number({ description });
const nullableNum = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

const PositionSchema = Type.Object({
  coin: Type.String(),
  size: num('Signed size, base units: positive long, negative short'),
  side: Type.Union([Type.Literal('long'), Type.Literal('short')]),
  entry_price: num('Mean entry price, USD'),
  position_value_usd: num('Value at the mark, USD'),
  unrealized_pnl_usd: num('Unrealised P&L, USD'),
  return_on_equity: num('Unrealised P&L over margin used (fraction)'),
  liquidation_price: nullableNum('Estimated liquidation price, USD'),
  leverage: num('Leverage setting of the coin'),
  leverage_type: Type.String({ description: '`cross` or `isolated`' }),
  margin_used_usd: num('Initial margin, USD'),
  max_leverage: nullableNum('The coin maximum leverage'),
  cumulative_funding_usd: num('Funding paid since the position opened, USD (positive: paid)'),
});

const positionExample = {
  coin: 'ETH',
  size: 0.5,
  side: 'long',
  entry_price: 3400.5,
  position_value_usd: 1712.3,
  unrealized_pnl_usd: 12.05,
  return_on_equity: 0.0704,
  liquidation_price: 1720.4,
  leverage: 10,
  leverage_type: 'cross',
  margin_used_usd: 171.23,
  max_leverage: 25,
  cumulative_funding_usd: 0.12,
};

export const getPositions = perpdexTool({
  name: 'get_positions',
  title: 'Positions',
  summary: 'Open perp positions of the account (clearinghouseState)',
  kind: 'read',
  input: Type.Object(
    { coin: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'Only this coin' })) },
    { additionalProperties: false, examples: [{}, { coin: 'ETH' }] },
  ),
  output: Type.Object(
    {
      account: Type.String({ description: 'Master account address' }),
      positions: Type.Array(PositionSchema),
    },
    { examples: [{ account: '0x14791697260e4c9a71f18484c9f997b308e59325', positions: [positionExample] }] },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const state = await clients.perpdex.trading.accountState(context);
    const positions = state.data.positions.filter((p) => !input.coin || p.coin === input.coin);
    return { data: { account: clients.perpdex.trading.account(), positions }, obtainedAt: state.receivedAt };
  },
});

export const getAccountSummary = perpdexTool({
  name: 'get_account_summary',
  title: 'Account summary',
  summary: 'Account value, margin, withdrawable and fee rates of the account (clearinghouseState, userFees)',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Object(
    {
      account: Type.String({ description: 'Master account address' }),
      account_value_usd: num('Equity, USD'),
      total_notional_usd: num('Sum of position values, USD'),
      total_margin_used_usd: num('Initial margin in use, USD'),
      maintenance_margin_usd: num('Maintenance margin, USD'),
      withdrawable_usd: num('Free to withdraw, USD'),
      leverage: num('Total notional over account value'),
      open_positions: Type.Integer(),
      taker_fee_rate: num('Perp taker fee of the account (fraction)'),
      maker_fee_rate: num('Perp maker fee of the account (fraction; negative is a rebate)'),
    },
    {
      examples: [
        {
          account: '0x14791697260e4c9a71f18484c9f997b308e59325',
          account_value_usd: 100012.05,
          total_notional_usd: 1712.3,
          total_margin_used_usd: 171.23,
          maintenance_margin_usd: 34.25,
          withdrawable_usd: 99840.82,
          leverage: 0.0171,
          open_positions: 1,
          taker_fee_rate: 0.00045,
          maker_fee_rate: 0.00015,
        },
      ],
    },
  ),
  handler: async (_input, context) => {
    const { clients } = context;
    const { trading } = clients.perpdex;
    const [state, fees] = await Promise.all([trading.accountState(context), trading.fees(context)]);
    const { positions, ...summary } = state.data;
    const leverage =
      summary.account_value_usd > 0 ? summary.total_notional_usd / summary.account_value_usd : 0;
    return {
      data: {
        account: trading.account(),
        ...summary,
        leverage,
        open_positions: positions.length,
        taker_fee_rate: fees.data.taker_rate,
        maker_fee_rate: fees.data.maker_rate,
      },
      obtainedAt: Math.min(state.receivedAt, fees.receivedAt),
    };
  },
});

const OpenOrderSchema = Type.Object({
  order_id: Type.Integer(),
  client_order_id: Type.Union([Type.String(), Type.Null()]),
  coin: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  price: num('Limit (or worst) price, USD'),
  size_remaining: num('Base units'),
  size_original: num('Base units'),
  order_type: Type.String({ description: 'Limit, Stop Market, Take Profit Market, ...' }),
  time_in_force: Type.Union([Type.String(), Type.Null()]),
  reduce_only: Type.Boolean(),
  is_trigger: Type.Boolean(),
  trigger_price: nullableNum('USD'),
  trigger_condition: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});

export const getOpenOrders = perpdexTool({
  name: 'get_open_orders',
  title: 'Open orders',
  summary: 'Open orders of the account, trigger (TP/SL) orders included (frontendOpenOrders)',
  kind: 'read',
  input: Type.Object(
    { coin: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'Only this coin' })) },
    { additionalProperties: false, examples: [{}, { coin: 'ETH' }] },
  ),
  output: Type.Object(
    { orders: Type.Array(OpenOrderSchema) },
    {
      examples: [
        {
          orders: [
            {
              order_id: 9002,
              client_order_id: '0x0000000000000000000000000000abcd',
              coin: 'ETH',
              side: 'buy',
              price: 2000,
              size_remaining: 0.01,
              size_original: 0.01,
              order_type: 'Limit',
              time_in_force: 'Gtc',
              reduce_only: false,
              is_trigger: false,
              trigger_price: null,
              trigger_condition: null,
              created_at: '2026-11-20T12:34:56.789Z',
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const orders = await clients.perpdex.trading.openOrders(context);
    return {
      data: { orders: orders.data.filter((o) => !input.coin || o.coin === input.coin) },
      obtainedAt: orders.receivedAt,
    };
  },
});
