import { notFound } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { ToolContext } from '../../tools/tool.js';
import { ibkrCoid } from '../../trading/client-order-id.js';
import type { BrokerClients } from './broker-tool.js';
import { brokerTool } from './broker-tool.js';
import { lookupPlaced, PlacedSchema, placedResult } from './broker-writes.js';

/** Sends the closing market order of one position (opposite side, |position|), with this cOID. */
export async function closeOne(
  context: ToolContext<BrokerClients>,
  conid: number,
  quantity: number,
  clientOrderId: string,
) {
  const { acks, confirmed } = await context.clients.broker.placeOrders(context, [
    {
      conid,
      orderType: 'MKT',
      side: quantity > 0 ? 'SELL' : 'BUY',
      quantity: Math.abs(quantity),
      tif: 'DAY',
      cOID: clientOrderId,
    },
  ]);
  return placedResult(acks, confirmed, clientOrderId, context.now());
}

export async function positionOf(context: ToolContext<BrokerClients>, conid: number): Promise<number> {
  const positions = await context.clients.broker.positions(context);
  return Number(positions.data.find((row) => Number(row.conid) === conid)?.position ?? 0);
}

export const closePosition = brokerTool({
  name: 'close_position',
  title: 'Close position',
  summary: 'Closes the position of one conid with a market order of the opposite side and the full size',
  kind: 'write',
  input: Type.Object(
    { conid: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false, examples: [{ conid: 265598 }] },
  ),
  output: PlacedSchema,
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    send: async (input, context) => {
      const quantity = await positionOf(context, input.conid);
      if (quantity === 0) throw notFound(`no open position in conid ${input.conid}`, 'NO_POSITION');
      return closeOne(context, input.conid, quantity, context.clientOrderId);
    },
    lookup: (_input, context) => lookupPlaced(context, context.clientOrderId),
  },
});
