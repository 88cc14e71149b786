import { deriveSeed, type SimContext, type SimulatorDefinition } from '../packages/sim/src/index.js';
import type { DeployedGateway } from './deployed-gateway.js';

/**
 * A venue simulator inside a deployed gateway (bench/deployed-gateway.ts, sim profile), reached directly by
 * the load generator: its test instance's URL as `environment_info` reports it, and the credential set it
 * issued, derived as the fleet derives it (SIM_SEED 42, the simulator's name, the environment).
 */
export async function simulatedVenue(
  gateway: DeployedGateway,
  namespace: string,
  simulator: SimulatorDefinition,
): Promise<{ url: string; credentials: Record<string, string> }> {
  const res = await gateway.call(`/${namespace}/tools/environment_info`, {});
  const info = (await res.json()) as { upstreams?: { name: string; base_url: string }[] };
  const upstream = info.upstreams?.find((entry) => entry.name === simulator.name);
  if (!upstream) throw new Error(`${namespace}: environment_info names no ${simulator.name} upstream`);
  const context = { seed: deriveSeed(42, simulator.name, 'test'), environment: 'test' } as SimContext;
  return { url: new URL(upstream.base_url).origin, credentials: simulator.credentials!(context) };
}
