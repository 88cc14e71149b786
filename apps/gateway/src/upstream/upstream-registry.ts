import { AppError } from '@app/kit';
import type { CircuitState } from './circuit-breaker.js';
import type { CredentialStore } from './credentials.js';
import type { Lifecycle } from './lifecycle.js';
import { localState, type SharedState } from './shared-state.js';
import type { ProbeResult } from './undici-upstream.js';
import { Connection } from './upstream-connection.js';
import type { UpstreamMetrics } from './upstream-metrics.js';
import type { UpstreamSpec, UpstreamTuning } from './upstream-spec.js';
import type { Environment, UpstreamHttp } from './upstream-types.js';

export const ENVIRONMENTS: readonly Environment[] = ['test', 'live'];

/** The environments an upstream really has: a live-only provider is read by both tokens from `live`. */
export const environmentsOf = (spec: UpstreamSpec): readonly Environment[] =>
  spec.environments === 'live-only' ? ['live'] : ENVIRONMENTS;

export interface UpstreamHealth {
  name: string;
  environment: Environment;
  host: string;
  base_url: string;
  state: 'up' | 'down';
  circuit: CircuitState;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface Readiness {
  status: 'ready' | 'degraded' | 'not_ready';
  upstreams: UpstreamHealth[];
}

export interface RegistryOptions {
  /** Each upstream with its base URL per environment and host. */
  upstreams: readonly { spec: UpstreamSpec; urls: Partial<Record<Environment, Record<string, string>>> }[];
  tuning: UpstreamTuning;
  credentials: CredentialStore;
  lifecycle: Lifecycle;
  /** Budgets and the shared cache level; default this process's memory. */
  state?: SharedState;
  /** Entries each upstream and environment keeps in its local cache. */
  cacheEntries?: number;
  probeTimeoutMs: number;
  /** How long one round of readiness probes answers every /health/ready call. */
  readyCacheMs: number;
  now?: () => number;
  /** Observers of calls, caches and budgets; none when metrics are off. */
  metrics?: UpstreamMetrics;
}

interface Entry {
  spec: UpstreamSpec;
  connections: Partial<Record<Environment, Connection>>;
}

/**
 * Every upstream of the process, one connection per upstream and environment (a live-only provider has
 * one), each with a pool per host. Namespaces get clients through `client(spec, environment)`; readiness
 * probes each connection once per round, and concurrent readiness calls share a round.
 */
export class UpstreamRegistry {
  readonly #entries = new Map<string, Entry>();
  readonly #options: RegistryOptions;
  readonly #now: () => number;
  readonly #state: SharedState;
  #round: { at: number; readiness: Promise<Readiness> } | undefined;

  constructor(options: RegistryOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#state = options.state ?? localState();
    for (const { spec, urls } of options.upstreams) {
      if (this.#entries.has(spec.name)) throw new Error(`upstream ${spec.name} is registered twice`);
      const tuning = { ...options.tuning, ...spec.tuning };
      const connections: Entry['connections'] = {};
      for (const environment of environmentsOf(spec)) {
        const hostUrls = urls[environment];
        if (!hostUrls) throw new Error(`${spec.name}: no URLs for ${environment}`);
        connections[environment] = new Connection({
          spec,
          environment,
          urls: hostUrls,
          tuning,
          credentials: options.credentials,
          lifecycle: options.lifecycle,
          state: this.#state,
          cacheEntries: options.cacheEntries ?? 1_000,
          now: this.#now,
          metrics: options.metrics,
        });
      }
      this.#entries.set(spec.name, { spec, connections });
    }
  }

  get names(): string[] {
    return [...this.#entries.keys()];
  }

  has(name: string): boolean {
    return this.#entries.has(name);
  }

  get lifecycle(): Lifecycle {
    return this.#options.lifecycle;
  }

  get credentials(): CredentialStore {
    return this.#options.credentials;
  }

  /** The connection a caller of `environment` uses (the live one for a live-only provider). */
  connection(name: string, environment: Environment): Connection {
    const entry = this.#entries.get(name);
    if (!entry) throw new AppError(500, 'UPSTREAM_NOT_REGISTERED', `No upstream named ${name} is registered`);
    return (entry.connections[environment] ?? entry.connections.live)!;
  }

  /** An upstream's client in an environment: one instance per upstream and environment. */
  client<C>(spec: UpstreamSpec<C>, environment: Environment): C {
    return this.connection(spec.name, environment).client<C>();
  }

  /** One host's HTTP client. Asking for an unregistered upstream is a wiring bug. */
  get(name: string, environment: Environment, host?: string): UpstreamHttp {
    return this.connection(name, environment).http(host);
  }

  /** Every host's circuit breaker state, read when metrics are scraped. */
  circuits(): { upstream: string; environment: Environment; host: string; state: CircuitState }[] {
    return [...this.#entries.values()].flatMap(({ connections }) =>
      Object.values(connections).flatMap((connection) =>
        [...connection.hosts.values()].map((host) => ({
          upstream: connection.name,
          environment: connection.environment,
          host: host.host,
          state: host.circuit,
        })),
      ),
    );
  }

  /** Probes every connection once, in parallel; calls within `readyCacheMs` of a round share its answer. */
  readiness(): Promise<Readiness> {
    const now = this.#now();
    if (this.#round && now - this.#round.at < this.#options.readyCacheMs) return this.#round.readiness;
    const readiness = this.#probeAll();
    this.#round = { at: now, readiness };
    return readiness;
  }

  async #probeAll(): Promise<Readiness> {
    const checks = [...this.#entries.values()].flatMap(({ spec, connections }) =>
      Object.values(connections).map(async (connection): Promise<UpstreamHealth> => {
        const { host: hostName, expect, ...request } = spec.probe;
        const host = connection.hosts.get(hostName ?? [...connection.hosts.keys()][0]!)!;
        const probe: ProbeResult = await host.probe(request, this.#options.probeTimeoutMs, expect);
        const circuit = host.circuit;
        return {
          name: spec.name,
          environment: connection.environment,
          host: host.host,
          base_url: host.baseUrl,
          state: probe.up && circuit !== 'open' ? 'up' : 'down',
          circuit,
          status_code: probe.status ?? null,
          latency_ms: probe.latency_ms,
          error: probe.error ?? (circuit === 'open' ? 'circuit_open' : null),
        };
      }),
    );
    const upstreams = await Promise.all(checks);
    const up = upstreams.filter((health) => health.state === 'up').length;
    const status =
      up === upstreams.length ? 'ready' : up === 0 ? 'not_ready' : ('degraded' as Readiness['status']);
    return { status, upstreams };
  }

  /** Closes what clients opened (websockets, timers) first, then the pools under them. */
  async close(): Promise<void> {
    try {
      await this.#options.lifecycle.close();
    } finally {
      await Promise.all(
        [...this.#entries.values()].flatMap(({ connections }) =>
          Object.values(connections).map((connection) => connection.close()),
        ),
      );
      await this.#state.close();
    }
  }
}
