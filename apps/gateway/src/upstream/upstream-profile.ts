import { createLogger, type Logger, metricsRegistry } from '@app/kit';
import type { SimulatorDefinition, SimulatorFleet } from '@app/sim';
import { startSimulators } from '@app/sim';
import type { GatewayConfig } from '../config.js';
import { GatewayMetrics } from '../metrics/gateway-metrics.js';
import { CredentialStore, checkFields, loadCredentialFile } from './credentials.js';
import { Lifecycle } from './lifecycle.js';
import { localState, redisState } from './shared-state.js';
import { environmentsOf, UpstreamRegistry } from './upstream-registry.js';
import { type HostSpec, hostNames, type UpstreamSpec, type UpstreamTuning } from './upstream-spec.js';
import type { Environment } from './upstream-types.js';
import { credentialsVariable, urlVariable } from './upstream-variables.js';

/** The upstream side of a running gateway: its clients and, in the sim profile, the simulators they talk to. */
export interface Upstreams {
  readonly profile: GatewayConfig['UPSTREAM_PROFILE'];
  readonly registry: UpstreamRegistry;
  /** Present in the sim profile. */
  readonly simulators: SimulatorFleet | undefined;
  /** The gateway's series; absent with METRICS_ENABLED=false. Made here: the upstream layer reports into it. */
  readonly metrics: GatewayMetrics | undefined;
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
    rateLimitBackoffMs: config.UPSTREAM_RATE_LIMIT_BACKOFF_MS,
    budgetWaitMs: config.UPSTREAM_BUDGET_WAIT_MS,
  };
}

/** SIM_RATE_LIMITS=false: no budget towards the hosts the in-process simulators serve (load tests). */
function unmetered(
  spec: UpstreamSpec,
  override: (spec: UpstreamSpec, host: string, environment: Environment) => string | undefined,
): UpstreamSpec {
  const hosts = Object.fromEntries(
    Object.entries(spec.hosts).map(([name, host]) => {
      const simulated = environmentsOf(spec).every((environment) => !override(spec, name, environment));
      return [name, simulated ? { ...host, budget: undefined } : host];
    }),
  );
  return { ...spec, hosts };
}

const publicUrl = (host: HostSpec, environment: Environment) =>
  typeof host.publicUrl === 'string' ? host.publicUrl : host.publicUrl[environment];

/**
 * Resolves each host's base URL per environment (its `*_URL` override wins; otherwise the simulator in the
 * sim profile, at the host's simPath, or the real host in the public one), loads the credential sets (a
 * file named by its variable, else the one the simulator issued), and starts the simulators the sim profile
 * needs. Every configuration error names its variable.
 */
export async function startUpstreams(options: {
  config: GatewayConfig;
  specs: readonly UpstreamSpec[];
  simulators: readonly SimulatorDefinition[];
  /** The gateway's clock (`receivedAt` of answers). */
  now?: () => number;
  /** The simulators' clock; tests pin it so every run sees the same market. */
  simNow?: () => number;
  /** Warns when Redis (REDIS_URL) cannot be reached. */
  logger?: Logger;
  /** Prefix of the Redis keys; tests isolate runs with their own. Default `gateway:`. */
  redisPrefix?: string;
  /** Simulators already running (a test's second gateway on the first one's): used as they are, left running. */
  fleet?: SimulatorFleet;
}): Promise<Upstreams> {
  const { config, specs } = options;
  const profile = config.UPSTREAM_PROFILE;
  const override = (spec: UpstreamSpec, host: string, environment: Environment) =>
    config.upstreamVariables[urlVariable(spec, host, environment)];
  const needsSim = (spec: UpstreamSpec) =>
    environmentsOf(spec).some((environment) =>
      hostNames(spec).some((host) => !override(spec, host, environment)),
    );
  let fleet: SimulatorFleet | undefined = profile === 'sim' ? options.fleet : undefined;
  if (profile === 'sim' && !fleet) {
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
    fleet = await startSimulators(used, { seed: config.SIM_SEED, now: options.simNow });
    if (!config.SIM_RATE_LIMITS)
      for (const simulator of fleet.simulators)
        for (const instance of [simulator.test, simulator.live]) instance.limits.enabled = false;
  }
  try {
    const simulator = (spec: UpstreamSpec, environment: Environment) =>
      fleet?.get(spec.name)?.instance(environment);
    const urlOf = (spec: UpstreamSpec, host: string, environment: Environment): string => {
      const hostSpec = spec.hosts[host]!;
      const origin = simulator(spec, environment)?.url;
      return (
        override(spec, host, environment) ??
        (origin === undefined ? publicUrl(hostSpec, environment) : `${origin}${hostSpec.simPath ?? ''}`)
      );
    };
    const credentials = new CredentialStore();
    for (const spec of specs) {
      if (!spec.credentials) continue;
      for (const environment of environmentsOf(spec)) {
        const variable = credentialsVariable(spec, environment);
        credentials.register(spec.name, environment, spec.credentials, variable);
        const file = config.upstreamVariables[variable];
        const issued = simulator(spec, environment)?.credentials;
        // The simulator's own set only while calls go to that simulator, never to a host set by an override.
        const toSimulator = hostNames(spec).every((host) => !override(spec, host, environment));
        if (file)
          credentials.swap(spec.name, environment, loadCredentialFile(spec.credentials, variable, file));
        else if (issued && toSimulator)
          credentials.swap(
            spec.name,
            environment,
            checkFields(spec.credentials, issued, `${spec.name} simulator`),
          );
      }
    }
    const urls = (spec: UpstreamSpec) =>
      Object.fromEntries(
        environmentsOf(spec).map((environment) => [
          environment,
          Object.fromEntries(hostNames(spec).map((host) => [host, urlOf(spec, host, environment)])),
        ]),
      );
    const state = config.REDIS_URL
      ? await redisState({
          url: config.REDIS_URL,
          prefix: options.redisPrefix ?? 'gateway:',
          logger: options.logger ?? createLogger({ name: 'gateway', level: 'warn' }),
        })
      : localState();
    const metrics = config.METRICS_ENABLED ? new GatewayMetrics(metricsRegistry()) : undefined;
    const registry = new UpstreamRegistry({
      upstreams: specs.map((spec) => ({
        spec: fleet && !config.SIM_RATE_LIMITS ? unmetered(spec, override) : spec,
        urls: urls(spec),
      })),
      tuning: tuningFrom(config),
      credentials,
      lifecycle: new Lifecycle(),
      state,
      cacheEntries: config.UPSTREAM_CACHE_ENTRIES,
      probeTimeoutMs: config.READY_PROBE_TIMEOUT_MS,
      readyCacheMs: config.READY_CACHE_MS,
      now: options.now,
      metrics,
    });
    metrics?.watchCircuits(() => registry.circuits());
    return {
      profile,
      registry,
      metrics,
      simulators: fleet,
      close: async () => {
        try {
          await registry.close();
        } finally {
          if (!options.fleet) await fleet?.close();
        }
      },
    };
  } catch (error) {
    if (!options.fleet) await fleet?.close();
    throw error;
  }
}
