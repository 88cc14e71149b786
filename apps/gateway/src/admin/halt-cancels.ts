import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../frame/caller.js';
import { type InvokeDeps, invoke } from '../tools/invoke.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { RiskStore } from '../trading/risk/risk-store.js';
import type { Environment } from '../upstream/upstream-types.js';

/**
 * How a halt finds and cancels a venue's open orders through the namespace's own tools (the same calls a bot
 * makes, audited the same way): the reads that list every open order, and each order's client order id and
 * the cancel_order input that cancels it.
 */
interface VenueOrders {
  namespace: string;
  venue: string;
  lists: Record<string, unknown>[];
  ref(order: Record<string, unknown>): {
    clientOrderId: unknown;
    orderId: unknown;
    cancel: Record<string, unknown>;
  };
}

const VENUES: VenueOrders[] = [
  {
    namespace: 'mcp-optx',
    venue: 'optx',
    lists: ['BTC', 'ETH', 'USDC', 'USDT', 'EURR'].map((currency) => ({ currency })),
    ref: (order) => ({
      clientOrderId: order.label,
      orderId: order.order_id,
      cancel: { order_id: order.order_id },
    }),
  },
  {
    namespace: 'mcp-perpdex',
    venue: 'perpdex',
    lists: [{}],
    ref: (order) => ({
      clientOrderId: order.client_order_id,
      orderId: order.order_id,
      cancel: { coin: order.coin, client_order_id: order.client_order_id },
    }),
  },
  {
    namespace: 'mcp-broker',
    venue: 'broker',
    lists: [{}],
    ref: (order) => ({
      clientOrderId: order.client_order_id,
      orderId: order.order_id,
      cancel: { order_id: order.order_id },
    }),
  },
];

export interface CancelledOrder {
  venue: string;
  order_id: string;
  client_order_id: string;
  bot_tag: string;
}

export interface HaltCancels {
  cancelled: CancelledOrder[];
  not_cancelled: (Partial<CancelledOrder> & { venue: string; error: { code: string; message: string } })[];
}

/**
 * Cancels the open orders of a halt's scope on every trading venue the gateway serves: only orders whose
 * client order id the gateway issued to that scope (the risk store's record), so halting one bot leaves
 * another's orders and any order placed outside the gateway alone. Each cancel is a write under the bot's tag.
 */
export async function cancelScope(options: {
  tools: ToolRegistry;
  deps: InvokeDeps;
  store: RiskStore;
  environment: Environment;
  botTag: string | null;
  actor: Actor;
  requestId: string;
  log: FastifyBaseLogger;
}): Promise<HaltCancels> {
  const { tools, deps, store, environment, botTag } = options;
  const outcome: HaltCancels = { cancelled: [], not_cancelled: [] };
  const call = (namespace: string, tool: string, input: unknown, tag: string) => {
    const entry = tools.toolsOf(namespace).find((candidate) => candidate.tool.name === tool);
    if (!entry) throw new Error(`${namespace} has no ${tool}`);
    const caller = {
      actor: options.actor,
      environment,
      botTag: tag,
      requestId: options.requestId,
      clientRequestId: null,
      log: options.log,
    };
    return invoke(entry, input, caller, { tool, exchange: entry.namespace.exchange }, deps);
  };
  await Promise.all(
    VENUES.filter((venue) => tools.namespaces.some((namespace) => namespace.name === venue.namespace)).map(
      async (venue) => {
        const issued = await store.issued(environment, venue.venue, deps.now());
        let orders: Record<string, unknown>[];
        try {
          const pages = await Promise.all(
            venue.lists.map((input) => call(venue.namespace, 'get_open_orders', input, 'risk-halt')),
          );
          orders = pages.flatMap((page) => (page.data.orders as Record<string, unknown>[]) ?? []);
        } catch (error) {
          outcome.not_cancelled.push({ venue: venue.venue, error: errorOf(error) });
          return;
        }
        for (const order of orders) {
          const ref = venue.ref(order);
          const owner = typeof ref.clientOrderId === 'string' ? issued.get(ref.clientOrderId) : undefined;
          if (owner === undefined || (botTag !== null && owner !== botTag)) continue;
          const row = {
            venue: venue.venue,
            order_id: String(ref.orderId),
            client_order_id: ref.clientOrderId as string,
            bot_tag: owner,
          };
          try {
            await call(venue.namespace, 'cancel_order', ref.cancel, owner);
            outcome.cancelled.push(row);
          } catch (error) {
            outcome.not_cancelled.push({ ...row, error: errorOf(error) });
          }
        }
      },
    ),
  );
  return outcome;
}

function errorOf(error: unknown): { code: string; message: string } {
  const known = error as { code?: unknown; message?: unknown };
  return {
    code: typeof known.code === 'string' ? known.code : 'INTERNAL_ERROR',
    message: typeof known.message === 'string' ? known.message : String(error),
  };
}
