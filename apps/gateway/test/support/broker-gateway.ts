import { createBrokerSimulator, type SimulatorDefinition } from '@app/sim';
import { brokerNamespace } from '../../src/namespaces/mcp-broker/index.js';
import { brokerUpstream } from '../../src/venues/ibkr/ibkr.upstream.js';
import { type Gateway, MAINNET, startGateway, TESTNET } from '../helpers.js';

/** A gateway with only `/mcp-broker` over the IBKR simulator (fast ticks and heartbeats for stream tests). */
export function startBrokerGateway(
  options: { simulator?: SimulatorDefinition; env?: Record<string, string> } = {},
): Promise<Gateway> {
  return startGateway({
    specs: [brokerUpstream],
    simulators: [options.simulator ?? createBrokerSimulator({ tickMs: 50, heartbeatMs: 200 })],
    namespaces: [
      brokerNamespace({ heartbeatTimeoutMs: 1_000, idleMs: 4_000, backoffMs: 100, backoffCapMs: 500 }, 1_200),
    ],
    env: { UPSTREAM_TIMEOUT_MS: '5000', ...options.env },
  });
}

export const tokenOf = (environment: 'test' | 'live') => (environment === 'test' ? TESTNET : MAINNET);

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions
export type Json = Record<string, any>;

/** POST a broker tool; the JSON body and status. */
export async function brokerCall(
  gateway: Gateway,
  tool: string,
  body: unknown = {},
  options: { environment?: 'test' | 'live'; key?: string; bot?: string } = {},
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${tokenOf(options.environment ?? 'test')}`,
  };
  if (options.key) headers['idempotency-key'] = options.key;
  if (options.bot) headers['x-bot-tag'] = options.bot;
  const res = await gateway.call(`/mcp-broker/tools/${tool}`, body, headers);
  return { status: res.status, body: (await res.json()) as Json };
}

/** The simulator instance of an environment. */
export const brokerSim = (gateway: Gateway, environment: 'test' | 'live' = 'test') =>
  gateway.sims.get('broker')!.instance(environment);

/** POST to a control route of the simulator instance. */
export async function simControl(
  gateway: Gateway,
  path: string,
  body: unknown = {},
  environment: 'test' | 'live' = 'test',
) {
  const res = await fetch(`${brokerSim(gateway, environment).url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<Json>;
}
