import { Type } from '@sinclair/typebox';
import { ibkrCoid } from '../../trading/client-order-id.js';
import { brokerTool } from './broker-tool.js';
import { findByClientOrderId } from './broker-writes.js';
import { ItemResultSchema, itemError } from './cancel-all-orders.tool.js';
import { closeOne } from './close-position.tool.js';

export const closeAllPositions = brokerTool({
  name: 'close_all_positions',
  title: 'Close all positions',
  summary:
    'Closes every open position one conid at a time (market orders, reply loop each), with a result per conid',
  description:
    'Each closing order carries the request cOID with `-<conid>` appended, so a repeat finds what was already sent.',
  kind: 'write',
  input: Type.Object({}, { additionalProperties: false, examples: [{}] }),
  output: Type.Object(
    { results: Type.Array(ItemResultSchema), closed: Type.Integer(), failed: Type.Integer() },
    {
      examples: [
        { results: [{ id: '265598', ok: true, status: 'Filled', error: null }], closed: 1, failed: 0 },
      ],
    },
  ),
  write: {
    venue: 'broker',
    clientOrderId: ibkrCoid,
    send: async (_input, context) => {
      const positions = await context.clients.broker.positions(context);
      const results = [];
      for (const row of positions.data) {
        const conid = Number(row.conid);
        const quantity = Number(row.position ?? 0);
        if (quantity === 0) continue;
        const coid = `${context.clientOrderId}-${conid}`;
        try {
          // A repeat of a request that lost its answer must not close twice.
          const sent = await findByClientOrderId(context, coid);
          const placed = sent
            ? { data: { status: sent.order.status } }
            : await closeOne(context, conid, quantity, coid);
          results.push({ id: String(conid), ok: true, status: placed.data.status, error: null });
        } catch (error) {
          results.push({ id: String(conid), ok: false, status: null, error: itemError(error) });
        }
      }
      const closed = results.filter((r) => r.ok).length;
      return { data: { results, closed, failed: results.length - closed }, obtainedAt: context.now() };
    },
    lookup: async () => undefined,
  },
});
