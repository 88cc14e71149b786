import { unprocessable } from '@app/kit';
import type { Static } from '@sinclair/typebox';
import type { ToolResult, WriteContext } from '../../tools/tool.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { Query } from '../../venues/deribit/deribit-trading.js';
import type { OptxInstrument } from '../../venues/deribit/deribit-transforms.js';
import { checkAmount, checkPrice, currencyOf, listedInstrument } from './instrument-rules.js';
import type { OptxClients } from './optx-clients.js';
import type { OrderAnswerSchema } from './order-schemas.js';

type OrderAnswer = Static<typeof OrderAnswerSchema>;

/**
 * One order on Deribit as the write tools send it (`private/buy|sell`, notes §5.5): checked against the
 * instrument before anything leaves, labelled with the client order id, and found again by that label
 * (`private/get_order_state_by_label`) when the answer was lost.
 */

export interface OrderFields {
  instrument_name: string;
  side: 'buy' | 'sell';
  amount: number;
  type?: 'limit' | 'market' | 'stop_limit' | 'stop_market' | 'take_limit' | 'take_market';
  price?: number;
  time_in_force?: 'good_til_cancelled' | 'good_til_day' | 'fill_or_kill' | 'immediate_or_cancel';
  post_only?: boolean;
  reject_post_only?: boolean;
  reduce_only?: boolean;
  trigger?: 'mark_price' | 'index_price' | 'last_price';
  trigger_price?: number;
}

const LIMIT_PRICED = new Set(['limit', 'stop_limit', 'take_limit']);

/** The instrument after the checks a bad order fails before anything is sent. */
export async function checkedOrder(
  context: CallDeadline,
  clients: OptxClients,
  fields: OrderFields,
): Promise<OptxInstrument> {
  const type = fields.type ?? 'limit';
  if (LIMIT_PRICED.has(type) && fields.price === undefined)
    throw unprocessable(`price: required for a ${type} order`, 'VALIDATION_ERROR', { field: 'price' });
  if (type !== 'limit' && type !== 'market' && fields.trigger_price === undefined)
    throw unprocessable(`trigger_price: required for a ${type} order`, 'VALIDATION_ERROR', {
      field: 'trigger_price',
    });
  const instrument = await listedInstrument(context, clients, fields.instrument_name);
  checkAmount(instrument, fields.amount);
  if (fields.price !== undefined && LIMIT_PRICED.has(type)) checkPrice(instrument, fields.price);
  if (fields.trigger_price !== undefined) checkPrice(instrument, fields.trigger_price, 'trigger_price');
  return instrument;
}

function orderQuery(fields: OrderFields, label: string): Query {
  const type = fields.type ?? 'limit';
  const trigger = type === 'limit' || type === 'market' ? undefined : (fields.trigger ?? 'mark_price');
  return {
    instrument_name: fields.instrument_name,
    amount: fields.amount,
    type,
    ...(LIMIT_PRICED.has(type) ? { price: fields.price } : {}),
    time_in_force: fields.time_in_force ?? 'good_til_cancelled',
    // Always explicit: the v2.1.1 OpenAPI file claims a default of true (notes §5.5, §13 item 6).
    post_only: fields.post_only ?? false,
    ...(fields.reject_post_only ? { reject_post_only: true } : {}),
    reduce_only: fields.reduce_only ?? false,
    ...(trigger ? { trigger, trigger_price: fields.trigger_price } : {}),
    label,
  };
}

export async function sendOrder(
  fields: OrderFields,
  context: WriteContext<OptxClients>,
): Promise<ToolResult<OrderAnswer>> {
  await checkedOrder(context, context.clients, fields);
  const placed = await context.clients.trading.place(
    context,
    fields.side,
    orderQuery(fields, context.clientOrderId),
  );
  return {
    data: placed.data as OrderAnswer,
    obtainedAt: placed.receivedAt,
    upstreamIds: [String(placed.data.order.order_id)],
  };
}

/** The order carrying this write's label, as `{order, trades}` (its fills are in the user trades). */
export async function orderByLabel(
  instrumentName: string,
  context: WriteContext<OptxClients>,
): Promise<ToolResult<OrderAnswer> | undefined> {
  const found = await context.clients.trading.getOrderStateByLabel(
    context,
    currencyOf(instrumentName),
    context.clientOrderId,
  );
  const order = found.data.find((row) => row.instrument_name === instrumentName) ?? found.data[0];
  if (!order) return undefined;
  return {
    data: { order, trades: [] } as unknown as OrderAnswer,
    obtainedAt: found.receivedAt,
    upstreamIds: [String(order.order_id)],
  };
}
