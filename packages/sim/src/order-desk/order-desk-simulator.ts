import type { FastifyReply } from 'fastify';
import type { SimulatorDefinition } from '../simulator.js';

/** An order as the desk keeps it. */
export interface DeskOrder {
  order_id: string;
  client_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  amount: number;
  price: number;
  /** Epoch ms on the simulator's clock. */
  created_at: number;
}

export interface OrderDeskOptions {
  /** The account's equity in quote currency (10 000 by default). */
  equity?: number;
}

const SIDES = new Set(['buy', 'sell']);

function refuse(reply: FastifyReply, status: number, error: string) {
  return reply.code(status).send({ error });
}

/**
 * A test-only venue of record for the gateway's write pipeline: it places orders under a client id, finds them
 * by it, and tells a test how many it holds. It refuses a client id it already has (as Hyperliquid and IBKR
 * do), so a duplicate send shows as a refusal rather than a second order. Not a market: orders are recorded,
 * not matched (the exchange core does that). Its own routes:
 * - `POST /orders` `{client_id, symbol, side, amount, price}` → the order; 409 for a known client id
 * - `GET /orders/by-client-id/:id` → the order, or 404
 * - `GET /account` → `{equity, positions_notional}` (the notional of every order held)
 * - `GET /time` → `{time}` (the readiness probe)
 * - `GET /__sim/orders` → `{count, orders}`: what the test counts (a control path: no faults, not in hits)
 */
export function orderDeskSimulator(name: string, options: OrderDeskOptions = {}): SimulatorDefinition {
  const equity = options.equity ?? 10_000;
  return {
    name,
    plugin: (context) => async (app) => {
      const orders = new Map<string, DeskOrder>();
      app.get('/time', async () => ({ time: context.now() }));
      app.get('/account', async () => {
        let notional = 0;
        for (const order of orders.values()) notional += order.amount * order.price;
        return { equity, positions_notional: notional };
      });
      app.post('/orders', async (request, reply) => {
        const body = (request.body ?? {}) as Partial<Record<keyof DeskOrder, unknown>>;
        const { client_id, symbol, side, amount, price } = body;
        if (typeof client_id !== 'string' || client_id.length === 0 || client_id.length > 128)
          return refuse(reply, 400, 'client_id must be a string of 1 to 128 characters');
        if (typeof symbol !== 'string' || symbol.length === 0)
          return refuse(reply, 400, 'symbol is required');
        if (typeof side !== 'string' || !SIDES.has(side))
          return refuse(reply, 400, 'side must be buy or sell');
        if (typeof amount !== 'number' || !(amount > 0)) return refuse(reply, 400, 'amount must be positive');
        if (typeof price !== 'number' || !(price > 0)) return refuse(reply, 400, 'price must be positive');
        if (orders.has(client_id)) return refuse(reply, 409, `client id ${client_id} is already registered`);
        const order: DeskOrder = {
          order_id: `${context.environment}-${orders.size + 1}`,
          client_id,
          symbol,
          side: side as DeskOrder['side'],
          amount,
          price,
          created_at: context.now(),
        };
        orders.set(client_id, order);
        return order;
      });
      app.get('/orders/by-client-id/:id', async (request, reply) => {
        const order = orders.get((request.params as { id: string }).id);
        return order ?? refuse(reply, 404, 'no order with this client id');
      });
      app.get('/__sim/orders', async () => ({ count: orders.size, orders: [...orders.values()] }));
    },
  };
}
