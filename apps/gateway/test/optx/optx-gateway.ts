import { createOptxSimulator } from '@app/sim';
import { optxNamespace } from '../../src/namespaces/mcp-optx/index.js';
import { optxUpstream } from '../../src/venues/deribit/deribit.upstream.js';
import { type Gateway, MAINNET, startGateway, TESTNET } from '../helpers.js';

/**
 * Tests of `/mcp-optx` over HTTP: a gateway with the optx upstream and namespace only, on the Deribit
 * simulator (credit model off unless a test turns it on, so scenario tests are not throttled by the venue).
 */
export function startOptxGateway(options: Parameters<typeof startGateway>[0] = {}): Promise<Gateway> {
  return startGateway({
    specs: [optxUpstream],
    simulators: [createOptxSimulator({ limits: { enabled: false } })],
    namespaces: [optxNamespace()],
    ...options,
  });
}

export type Env = 'test' | 'live';
export const tokenOf = (environment: Env) => (environment === 'test' ? TESTNET : MAINNET);

export interface Answer {
  status: number;
  replayed: boolean;
  requestId: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions
  body: any;
}

export async function optxCall(
  gateway: Gateway,
  tool: string,
  body: unknown,
  options: { environment?: Env; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${tokenOf(options.environment ?? 'test')}`,
  };
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  const res = await gateway.call(`/mcp-optx/tools/${tool}`, body, headers);
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed') === 'true',
    requestId: res.headers.get('x-request-id'),
    body: await res.json(),
  };
}

export const optxSim = (gateway: Gateway, environment: Env = 'test') =>
  gateway.sims.get('optx')!.instance(environment);

/** Order-entry calls that reached the simulator (`private/buy|sell|close_position|create_combo`). */
export function orderSends(gateway: Gateway, environment: Env = 'test'): number {
  const sim = optxSim(gateway, environment);
  return ['buy', 'sell', 'close_position', 'create_combo', 'cancel'].reduce(
    (sum, method) => sum + sim.hits({ method: 'GET', path: `/api/v2/private/${method}` }),
    0,
  );
}

/** Moves a coin's simulated price path by `factor` (the simulator's test control). */
export async function shiftPrice(gateway: Gateway, coin: string, factor: number, environment: Env = 'test') {
  await fetch(`${optxSim(gateway, environment).url}/__sim/optx/shift`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin, factor }),
  });
}

/** Orders the simulator's account holds with this label (the client order id). */
export const ordersLabelled = (gateway: Gateway, label: string, environment: Env = 'test') =>
  optxSim(gateway, environment).exchange!.ordersByClientId('main', label);
