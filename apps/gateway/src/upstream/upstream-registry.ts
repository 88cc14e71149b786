import { AppError } from '@app/kit';
import type { CircuitState } from './circuit-breaker.js';
import { type ProbeResult, UndiciUpstream } from './undici-upstream.js';
import type { UpstreamSpec, UpstreamTuning } from './upstream-spec.js';
import type { Environment, UpstreamHttp } from './upstream-types.js';

export const ENVIRONMENTS: readonly Environment[] = ['test', 'live'];

export interface UpstreamHealth {
  name: string;
  environment: Environment;
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

interface Entry {
  spec: UpstreamSpec;
  clients: Record<Environment, UndiciUpstream>;
}

/**
 * Every upstream client of the process, one per upstream and environment.
 * Venue clients take theirs with `get(name, environment)`; readiness is
 * computed from all of them on each call.
 */
export class UpstreamRegistry {
  private readonly entries = new Map<string, Entry>();

  constructor(
    specs: readonly { spec: UpstreamSpec; urls: Record<Environment, string> }[],
    defaults: UpstreamTuning,
    private readonly probeTimeoutMs: number,
    now: () => number = Date.now,
  ) {
    for (const { spec, urls } of specs) {
      if (this.entries.has(spec.name)) throw new Error(`upstream ${spec.name} is registered twice`);
      const tuning = { ...defaults, ...spec.tuning };
      const client = (environment: Environment) =>
        new UndiciUpstream({ ...tuning, name: spec.name, environment, baseUrl: urls[environment], now });
      this.entries.set(spec.name, { spec, clients: { test: client('test'), live: client('live') } });
    }
  }

  get names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The client of one upstream in one environment. Asking for an unregistered upstream is a wiring bug. */
  get(name: string, environment: Environment): UpstreamHttp {
    const entry = this.entries.get(name);
    if (!entry) throw new AppError(500, 'UPSTREAM_NOT_REGISTERED', `No upstream named ${name} is registered`);
    return entry.clients[environment];
  }

  /** Probes every client in parallel. Up means it answered below 500 and its circuit is not open. */
  async readiness(): Promise<Readiness> {
    const checks = [...this.entries.values()].flatMap(({ spec, clients }) =>
      ENVIRONMENTS.map(async (environment): Promise<UpstreamHealth> => {
        const client = clients[environment];
        const probe: ProbeResult = await client.probe(spec.probe, this.probeTimeoutMs);
        const circuit = client.circuit;
        return {
          name: spec.name,
          environment,
          base_url: client.baseUrl,
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

  async close(): Promise<void> {
    await Promise.all(
      [...this.entries.values()].flatMap(({ clients }) => [clients.test.close(), clients.live.close()]),
    );
  }
}
