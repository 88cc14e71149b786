import { createPerpdexSimulator } from '@app/sim';
import { perpdexNamespace } from '../../../src/namespaces/mcp-perpdex/index.js';
import { perpdexUpstream } from '../../../src/venues/hyperliquid/hyperliquid.upstream.js';
import { type Gateway, MAINNET, startGateway, TESTNET } from '../../helpers.js';
import { type WriteAnswer, writeCall } from '../../support/write-gateway.js';

/** The gateway with only `/mcp-perpdex` over the perpdex simulator (weight budget off: tests call a lot). */
export function startPerpdexGateway(
  env: Record<string, string> = {},
  dataDir?: string,
  redisPrefix?: string,
  simulatorsOf?: Gateway,
): Promise<Gateway> {
  return startGateway({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(redisPrefix === undefined ? {} : { redisPrefix }),
    ...(simulatorsOf === undefined ? {} : { simulatorsOf }),
    specs: [perpdexUpstream],
    simulators: [createPerpdexSimulator({ limits: { enabled: false } })],
    namespaces: [perpdexNamespace()],
    env: { PERPDEX_MAX_LEVERAGE: '5', ...env },
  });
}

export type Environment = 'test' | 'live';
export const tokenOf = (environment: Environment) => (environment === 'test' ? TESTNET : MAINNET);

/** A call to `/mcp-perpdex/tools/<tool>` in one environment, with an Idempotency-Key when given. */
export const perpdexCall = (
  gateway: Gateway,
  tool: string,
  body: unknown,
  options: { environment?: Environment; key?: string } = {},
): Promise<WriteAnswer> =>
  writeCall(gateway, {
    path: `/mcp-perpdex/tools/${tool}`,
    body,
    token: tokenOf(options.environment ?? 'test'),
    ...(options.key === undefined ? {} : { key: options.key }),
  });

/** The simulator instance of an environment and its exchange core (the book of record). */
export const simOf = (gateway: Gateway, environment: Environment = 'test') =>
  gateway.sims.get('perpdex')!.instance(environment);

export const accountOf = (gateway: Gateway, environment: Environment = 'test') =>
  simOf(gateway, environment).credentials!.account_address!;

/** Orders the core holds under a cloid: the "one order or none" count. */
export const ordersWithCloid = (gateway: Gateway, cloid: string, environment: Environment = 'test') =>
  simOf(gateway, environment).exchange!.ordersByClientId(accountOf(gateway, environment), cloid).length;

/** Pins a coin's oracle and mark on the simulator (null: back to the seeded path). */
export async function pinMark(
  gateway: Gateway,
  coin: string,
  mark: number | null,
  environment: Environment = 'test',
) {
  await fetch(`${simOf(gateway, environment).url}/__sim/perpdex/mark`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin, mark }),
  });
}
