import { unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';

export const ConidSchema = Type.Integer({
  minimum: 1,
  description: 'IBKR contract id (search_contracts finds it)',
});
export const SideSchema = Type.Union([Type.Literal('buy'), Type.Literal('sell')]);
export const OrderTypeSchema = Type.Union(
  [Type.Literal('limit'), Type.Literal('market'), Type.Literal('stop'), Type.Literal('stop_limit')],
  { description: 'limit needs price; stop needs stop_price; stop_limit needs both' },
);
export const TifSchema = Type.Union([Type.Literal('DAY'), Type.Literal('GTC'), Type.Literal('IOC')], {
  default: 'DAY',
});

/** The fields of one order leg as a bot sends them. */
export const legFields = {
  conid: ConidSchema,
  side: SideSchema,
  type: OrderTypeSchema,
  quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Shares' }),
  price: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Limit price' })),
  stop_price: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Stop (trigger) price' })),
  tif: Type.Optional(TifSchema),
  outside_rth: Type.Optional(Type.Boolean({ default: false })),
};

export const OrderLegSchema = Type.Object(legFields, { additionalProperties: false });

export interface OrderLeg {
  conid: number;
  side: 'buy' | 'sell';
  type: 'limit' | 'market' | 'stop' | 'stop_limit';
  quantity: number;
  price?: number;
  stop_price?: number;
  tif?: 'DAY' | 'GTC' | 'IOC';
  outside_rth?: boolean;
}

const IBKR_TYPES = { limit: 'LMT', market: 'MKT', stop: 'STP', stop_limit: 'STOP_LIMIT' } as const;

/** The prices each type needs, checked before anything is sent (422 naming the field). */
export function checkLeg(leg: OrderLeg, path = ''): void {
  const need = (field: 'price' | 'stop_price') => {
    if (leg[field] === undefined)
      throw unprocessable(`${path}${field}: required for a ${leg.type} order`, 'VALIDATION_ERROR', {
        field: `${path}${field}`,
      });
  };
  const forbid = (field: 'price' | 'stop_price') => {
    if (leg[field] !== undefined)
      throw unprocessable(`${path}${field}: not used by a ${leg.type} order`, 'VALIDATION_ERROR', {
        field: `${path}${field}`,
      });
  };
  if (leg.type === 'limit' || leg.type === 'stop_limit') need('price');
  if (leg.type === 'stop' || leg.type === 'stop_limit') need('stop_price');
  if (leg.type === 'market' || leg.type === 'stop') forbid('price');
  if (leg.type === 'market' || leg.type === 'limit') forbid('stop_price');
}

/** The IBKR ticket of a leg (notes §5.5): STP carries its stop in `price`, STOP_LIMIT in `auxPrice`. */
export function ticketOf(leg: OrderLeg): Record<string, unknown> {
  const ticket: Record<string, unknown> = {
    conid: leg.conid,
    orderType: IBKR_TYPES[leg.type],
    side: leg.side.toUpperCase(),
    quantity: leg.quantity,
    tif: leg.tif ?? 'DAY',
    outsideRTH: leg.outside_rth ?? false,
  };
  if (leg.type === 'limit') ticket.price = leg.price;
  if (leg.type === 'stop') ticket.price = leg.stop_price;
  if (leg.type === 'stop_limit') {
    ticket.price = leg.price;
    ticket.auxPrice = leg.stop_price;
  }
  return ticket;
}

export const OrderSchema = Type.Object({
  order_id: Type.String(),
  client_order_id: Type.Union([Type.String(), Type.Null()]),
  conid: Type.Integer(),
  symbol: Type.Union([Type.String(), Type.Null()]),
  side: SideSchema,
  type: Type.String({ description: 'IBKR order type (LIMIT, MARKET, STOP, STOP_LIMIT)' }),
  quantity: Type.Number(),
  filled: Type.Number(),
  price: Type.Union([Type.Number(), Type.Null()]),
  stop_price: Type.Union([Type.Number(), Type.Null()]),
  average_fill_price: Type.Union([Type.Number(), Type.Null()]),
  status: Type.String({ description: 'PendingSubmit, PreSubmitted, Submitted, Filled, Cancelled, Inactive' }),
  tif: Type.String(),
});

export const AckSchema = Type.Object({
  order_id: Type.String(),
  status: Type.String(),
});

export const ORDER_EXAMPLE = {
  order_id: '1234567891',
  client_order_id: 'gw-5b0f1c2d3e4f5a6b7c8d9e0f1a2b3c4d',
  conid: 265598,
  symbol: 'AAPL',
  side: 'buy',
  type: 'LIMIT',
  quantity: 1,
  filled: 0,
  price: 100,
  stop_price: null,
  average_fill_price: null,
  status: 'Submitted',
  tif: 'DAY',
};
