import { readFileSync } from 'node:fs';
import { type DeskOrder, orderDeskSimulator } from '@app/sim';
import { orderDeskNamespace, orderDeskUpstream } from '../fixtures/order-desk.namespace.js';
import { type Envelope, type Gateway, startGateway, TESTNET } from '../helpers.js';

/**
 * Helpers for tests of the write pipeline over HTTP: a gateway whose only namespace is the test desk
 * (`mcp-desk`, tool `place_order`), its simulator's book of record, and calls with an Idempotency-Key. The
 * trading namespaces' tests reuse them for their own write tools (pass `path`).
 */
export const DESK_PLACE = '/mcp-desk/tools/place_order';
export const DESK_ORDER = { symbol: 'BTC', side: 'buy', amount: 1, price: 100 } as const;

export function startWriteGateway(options: Parameters<typeof startGateway>[0] = {}): Promise<Gateway> {
  return startGateway({
    specs: [orderDeskUpstream],
    simulators: [orderDeskSimulator('desk')],
    namespaces: [orderDeskNamespace()],
    ...options,
  });
}

export interface WriteAnswer {
  status: number;
  replayed: boolean;
  requestId: string | null;
  body: Record<string, unknown> & Partial<Envelope>;
}

/** One write call: `key` as Idempotency-Key (none when undefined), the testnet token unless `token`. */
export async function writeCall(
  gateway: Gateway,
  options: {
    key?: string;
    body?: unknown;
    token?: string;
    path?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<WriteAnswer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token ?? TESTNET}`,
    ...options.headers,
  };
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  const res = await gateway.call(options.path ?? DESK_PLACE, options.body ?? DESK_ORDER, headers);
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    requestId: res.headers.get('x-request-id'),
    body: (await res.json()) as WriteAnswer['body'],
  };
}

/** What the desk simulator holds in one environment: its book of record, for "exists exactly once". */
export async function deskOrders(
  gateway: Gateway,
  environment: 'test' | 'live' = 'test',
): Promise<{ count: number; orders: DeskOrder[] }> {
  const instance = gateway.sims.get('desk')!.instance(environment);
  return (await (await fetch(`${instance.url}/__sim/orders`)).json()) as {
    count: number;
    orders: DeskOrder[];
  };
}

/** Order sends that reached the desk (POST /orders), refused ones included. */
export const deskSends = (gateway: Gateway, environment: 'test' | 'live' = 'test') =>
  gateway.sims.get('desk')!.instance(environment).hits({ method: 'POST', path: '/orders' });

/** The desk performs the next order and its answer is lost (socket reset, or silence until the client gives up). */
export function loseNextAnswer(gateway: Gateway, drop: 'reset' | 'hang' = 'reset', times = 1): void {
  gateway.sims.get('desk')!.test.faults.inject({
    fault: { kind: 'lose_answer', drop },
    path: '/orders',
    method: 'POST',
    times,
  });
}

/** The audit file's records of one request id (the gateway writes them before it answers). */
export function auditOf(gateway: Gateway, requestId: string | null): Record<string, unknown>[] {
  return readFileSync(gateway.config.AUDIT_LOG_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((record) => record.request_id === requestId);
}
