import { Type } from '@sinclair/typebox';
import { brokerTool } from './broker-tool.js';
import { num } from './order-rows.js';

export const PositionSchema = Type.Object({
  conid: Type.Integer(),
  symbol: Type.Union([Type.String(), Type.Null()]),
  asset_class: Type.String(),
  quantity: Type.Number({ description: 'Signed: negative is short' }),
  average_price: Type.Union([Type.Number(), Type.Null()]),
  market_price: Type.Union([Type.Number(), Type.Null()]),
  market_value: Type.Union([Type.Number(), Type.Null()]),
  unrealized_pnl: Type.Union([Type.Number(), Type.Null()]),
  realized_pnl: Type.Union([Type.Number(), Type.Null()]),
  currency: Type.String(),
});

export const positionOfRow = (row: Record<string, unknown>) => ({
  conid: Number(row.conid),
  symbol:
    typeof row.ticker === 'string'
      ? row.ticker
      : typeof row.contractDesc === 'string'
        ? row.contractDesc
        : null,
  asset_class: String(row.assetClass ?? ''),
  quantity: num(row.position) ?? 0,
  average_price: num(row.avgPrice),
  market_price: num(row.mktPrice),
  market_value: num(row.mktValue),
  unrealized_pnl: num(row.unrealizedPnl),
  realized_pnl: num(row.realizedPnl),
  currency: String(row.currency ?? 'USD'),
});

export const getPositions = brokerTool({
  name: 'get_positions',
  title: 'Positions',
  summary: 'Open positions of the account, every page, read fresh after invalidating the server cache',
  kind: 'read',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Object(
    { positions: Type.Array(PositionSchema) },
    {
      examples: [
        {
          positions: [
            {
              conid: 756733,
              symbol: 'SPY',
              asset_class: 'STK',
              quantity: 100,
              average_price: 437.43,
              market_price: 454.44,
              market_value: 45444,
              unrealized_pnl: 1701,
              realized_pnl: 0,
              currency: 'USD',
            },
          ],
        },
      ],
    },
  ),
  handler: async (_input, context) => {
    const { clients } = context;
    const fetched = await clients.broker.positions(context);
    const positions = fetched.data.map(positionOfRow).filter((position) => position.quantity !== 0);
    return { data: { positions }, obtainedAt: fetched.receivedAt };
  },
});
