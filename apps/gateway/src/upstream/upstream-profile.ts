import type { SimulatorDefinition, SimulatorFleet } from '@app/sim';
import { startSimulators } from '@app/sim';
import { type GatewayConfig, upstreamUrlOverride } from '../config.js';
import { ENVIRONMENTS, UpstreamRegistry } from './upstream-registry.js';
import type { UpstreamSpec, UpstreamTuning } from './upstream-spec.js';
import type { Environment } from './upstream-types.js';

/** The upstream side of a running gateway: its clients and, in the sim profile, the simulators they talk to. */
export interface Upstreams {
  readonly profile: GatewayConfig['UPSTREAM_PROFILE'];
  readonly registry: UpstreamRegistry;
  /** Present in the sim profile. */
  readonly simulators: SimulatorFleet | undefined;
  close(): Promise<void>;
}

export function tuningFrom(config: GatewayConfig): UpstreamTuning {
  return {
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    maxAttempts: config.UPSTREAM_MAX_ATTEMPTS,
    retryBaseMs: config.UPSTREAM_RETRY_BASE_MS,
    retryCapMs: config.UPSTREAM_RETRY_CAP_MS,
    retryAfterCapMs: config.UPSTREAM_RETRY_AFTER_CAP_MS,
    maxResponseBytes: config.UPSTREAM_MAX_RESPONSE_MB * 1024 * 1024,
    breakerFailureThreshold: config.UPSTREAM_BREAKER_FAILURES,
    breakerOpenMs: config.UPSTREAM_BREAKER_OPEN_MS,
    connections: config.UPSTREAM_CONNECTIONS,
  };
}

/**
 * Resolves each upstream's base URL per environment (an `<NAME>_<ENV>_URL`
 * override wins; otherwise the simulator in the sim profile, the real host in
 * the public one), starting the simulators the sim profile needs.
 */
export async function startUpstreams(options: {
  config: GatewayConfig;
  specs: readonly UpstreamSpec[];
  simulators: readonly SimulatorDefinition[];
  now?: () => number;
}): Promise<Upstreams> {
  const { config, specs } = options;
  const profile = config.UPSTREAM_PROFILE;
  const needsSim = (spec: UpstreamSpec) =>
    ENVIRONMENTS.some((environment) => !upstreamUrlOverride(config, spec.name, environment));
  let fleet: SimulatorFleet | undefined;
  if (profile === 'sim') {
    const missing = specs.filter(
      (spec) => needsSim(spec) && !options.simulators.some((simulator) => simulator.name === spec.name),
    );
    if (missing.length > 0) {
      const names = missing.map((spec) => spec.name).join(', ');
      throw new Error(
        `UPSTREAM_PROFILE=sim but no simulator is registered for ${names}; set its *_URL overrides`,
      );
    }
    const used = options.simulators.filter((simulator) => specs.some((spec) => spec.name === simulator.name));
    fleet = await startSimulators(used, { seed: config.SIM_SEED });
  }
  const simulatorUrl = (spec: UpstreamSpec, environment: Environment) => {
    const origin = fleet?.get(spec.name)?.instance(environment).url;
    return origin === undefined ? undefined : `${origin}${spec.simPath ?? ''}`;
  };
  const urlOf = (spec: UpstreamSpec, environment: Environment): string =>
    upstreamUrlOverride(config, spec.name, environment) ??
    simulatorUrl(spec, environment) ??
    spec.publicUrls[environment];
  const registry = new UpstreamRegistry(
    specs.map((spec) => ({ spec, urls: { test: urlOf(spec, 'test'), live: urlOf(spec, 'live') } })),
    tuningFrom(config),
    config.READY_PROBE_TIMEOUT_MS,
    options.now,
  );
  return {
    profile,
    registry,
    simulators: fleet,
    close: async () => {
      await registry.close();
      await fleet?.close();
    },
  };
}
