import type { FastifyInstance } from 'fastify';
import { isFinal } from '../exchange/order.js';
import type { AccountScope } from './ibkr-account-routes.js';
import { API_PREFIX } from './ibkr-auth.js';
import { stockByConid } from './ibkr-contracts.js';
import { ibkrError } from './ibkr-errors.js';
import type { IbkrOrderBook } from './ibkr-order-book.js';
import { liveOrderRow, ORDER_ID_BASE, statusOf, working } from './ibkr-tickets.js';

const fmtTime = (ms: number) => {
  const d = new Date(ms).toISOString();
  return `${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}-${d.slice(11, 19)}`;
};

/** Order routes of the simulated IBKR (notes §5.5–5.7): place, reply, amend, cancel, live orders, status, trades. */
export function registerOrderRoutes(app: FastifyInstance, scope: AccountScope, book: IbkrOrderBook) {
  const { core, account, session } = scope;
  const p = API_PREFIX;
  const ownAccount = (acct: string) => acct === account;

  app.post(`${p}/iserver/account/:acct/orders`, async (request, reply) => {
    if (!ownAccount((request.params as { acct: string }).acct))
      return ibkrError(reply, 400, 'Invalid account');
    const orders = (request.body as { orders?: unknown })?.orders;
    if (!Array.isArray(orders) || orders.length === 0)
      return ibkrError(reply, 400, 'orders must be a non-empty list');
    // A business refusal is a 200 with an `error` body, as IBKR answers it.
    return book.submit(account, orders);
  });
  app.post(`${p}/iserver/reply/:id`, async (request, reply) => {
    const confirmed = (request.body as { confirmed?: unknown })?.confirmed === true;
    const answer = book.reply((request.params as { id: string }).id, confirmed);
    if (answer === undefined) return ibkrError(reply, 400, 'Reply id not found or expired');
    if (!confirmed) return ibkrError(reply, 400, 'Order not confirmed');
    return answer;
  });
  app.post(`${p}/iserver/account/:acct/order/:id`, async (request, reply) => {
    const { acct, id } = request.params as { acct: string; id: string };
    if (!ownAccount(acct)) return ibkrError(reply, 400, 'Invalid account');
    const ticket = request.body;
    if (!ticket || typeof ticket !== 'object' || Array.isArray(ticket))
      return ibkrError(reply, 400, 'body must be one order object');
    if (!book.find(Number(id))) return ibkrError(reply, 400, `OrderID ${id} doesn't exist`);
    return book.submit(account, [ticket], Number(id));
  });
  app.delete(`${p}/iserver/account/:acct/order/:id`, async (request, reply) => {
    const { acct, id } = request.params as { acct: string; id: string };
    if (!ownAccount(acct)) return ibkrError(reply, 400, 'Invalid account');
    const entry = book.find(Number(id));
    if (!entry) return ibkrError(reply, 400, `OrderID ${id} doesn't exist`);
    if (isFinal(entry.order))
      return ibkrError(reply, 400, `OrderID ${id} is not working: ${statusOf(core, entry.order)}`);
    core.cancel(account, entry.order.id);
    return { msg: 'Request was submitted', order_id: Number(id), conid: Number(entry.order.symbol), account };
  });
  app.get(`${p}/iserver/account/orders`, async () => {
    core.sync();
    // The first read of a session only starts the server's subscription (notes §0.4).
    if (!session.ordersReadOnce) {
      session.ordersReadOnce = true;
      return { orders: [], snapshot: false };
    }
    const orders = [...book.entries].map(([id, entry]) => ({
      ...liveOrderRow(core, entry.order, entry.ticket),
      orderId: id,
    }));
    return { orders, snapshot: true };
  });
  app.get(`${p}/iserver/account/order/status/:id`, async (request, reply) => {
    core.sync();
    const id = Number((request.params as { id: string }).id);
    const entry = book.find(id);
    if (!entry) return ibkrError(reply, 400, `OrderID ${id} doesn't exist`);
    const order = entry.order;
    const fills = working(core, order);
    return {
      order_id: id,
      conid: Number(order.symbol),
      symbol: stockByConid(Number(order.symbol))?.symbol,
      side: order.side === 'buy' ? 'B' : 'S',
      order_type: String(entry.ticket.orderType),
      limit_price: entry.ticket.price === undefined ? '' : String(entry.ticket.price),
      total_size: String(order.size),
      cum_fill: String(fills.filled),
      size: String(order.size - fills.filled),
      average_price: fills.filled > 0 ? String(fills.averagePrice) : '',
      order_status: statusOf(core, order),
      tif: String(entry.ticket.tif ?? 'DAY'),
      order_ref: order.clientId ?? undefined,
      oca_group_id: order.ocoGroup === null ? '' : String(order.ocoGroup),
      order_not_editable: isFinal(order),
      cannot_cancel_order: isFinal(order),
    };
  });
  app.get(`${p}/iserver/account/trades`, async (request) => {
    core.sync();
    const days = Math.min(7, Math.max(1, Number((request.query as { days?: string }).days ?? 1) || 1));
    const since = scope.now() - days * 86_400_000;
    const idOf = (coreId: number) => {
      for (const [id, entry] of book.entries)
        if (working(core, entry.order).id === coreId || entry.order.id === coreId) return id;
      return ORDER_ID_BASE + coreId;
    };
    return core
      .fills(account)
      .filter((fill) => fill.at >= since)
      .map((fill) => {
        const stock = stockByConid(Number(fill.symbol))!;
        const order = core.order(fill.orderId);
        return {
          execution_id: `0000${fill.id.toString(16)}.sim.01.01`,
          symbol: stock.symbol,
          side: fill.side === 'buy' ? 'B' : 'S',
          order_description: `${fill.side === 'buy' ? 'Bot' : 'Sold'} ${fill.size} @ ${fill.price} on SIM`,
          trade_time: fmtTime(fill.at),
          trade_time_r: fill.at,
          size: fill.size,
          price: String(fill.price),
          exchange: 'SIM',
          commission: String(fill.fee),
          net_amount: fill.size * fill.price,
          account,
          accountCode: account,
          sec_type: 'STK',
          conid: stock.conid,
          conidEx: String(stock.conid),
          order_id: idOf(fill.orderId),
          order_ref: order?.clientId ?? undefined,
        };
      });
  });
}
