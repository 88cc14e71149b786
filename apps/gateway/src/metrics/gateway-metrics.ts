import { type Registry, RequestMetrics } from '@app/kit';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { RegisteredTool } from '../tools/tool-registry.js';
import type { Halt } from '../trading/risk/risk-store.js';
import type { WriteObserver, WriteOutcome } from '../trading/write-pipeline.js';
import type { CircuitState } from '../upstream/circuit-breaker.js';
import type { UpstreamCallResult, UpstreamMetrics, UpstreamObservers } from '../upstream/upstream-metrics.js';
import type { Environment } from '../upstream/upstream-types.js';

/** Seconds; an upstream call with its retries and backoff can take several. */
const UPSTREAM_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const CIRCUIT_STATES: readonly CircuitState[] = ['closed', 'half_open', 'open'];

/** One circuit as the registry reports it on a scrape (UpstreamRegistry.circuits). */
export interface CircuitReading {
  upstream: string;
  environment: Environment;
  host: string;
  state: CircuitState;
}

/**
 * The gateway's Prometheus series (docs/operations.md lists them). Every label value comes from the
 * gateway itself: route patterns, namespace and tool names from the registry, upstream names from their
 * specs, and fixed outcome sets; nothing a caller sends becomes a label. One registry per app, so tests
 * that build several apps in one process each read their own.
 */
export class GatewayMetrics implements UpstreamMetrics, WriteObserver {
  readonly requests: RequestMetrics;
  readonly #calls: Counter<'upstream' | 'environment' | 'outcome'>;
  readonly #callSeconds: Histogram<'upstream' | 'environment' | 'outcome'>;
  /** Cache lookups are on the polled-tool path: plain numbers per upstream, read into the counter on a scrape. */
  readonly #cacheTallies: {
    upstream: string;
    environment: Environment;
    hit: number;
    miss: number;
    stale: number;
  }[] = [];
  readonly #budgetWaits: Counter<'upstream' | 'environment'>;
  readonly #budgetWaitSeconds: Counter<'upstream' | 'environment'>;
  readonly #budgetRefusals: Counter<'upstream' | 'environment'>;
  readonly #writes: Counter<'namespace' | 'tool' | 'outcome'>;
  readonly #replays: Counter<'namespace' | 'tool'>;
  readonly #riskRefusals: Counter<'namespace' | 'tool' | 'code'>;
  #halts: () => Promise<readonly Halt[]> = async () => [];
  #circuits: () => readonly CircuitReading[] = () => [];

  constructor(readonly registry: Registry) {
    const registers = [registry];
    this.requests = new RequestMetrics(registry, 'gateway');
    this.#calls = new Counter({
      name: 'gateway_upstream_calls_total',
      help: 'Upstream calls (retries included in one call) by how they ended',
      labelNames: ['upstream', 'environment', 'outcome'],
      registers,
    });
    this.#callSeconds = new Histogram({
      name: 'gateway_upstream_call_duration_seconds',
      help: 'Upstream call latency, retries and budget waits included',
      labelNames: ['upstream', 'environment', 'outcome'],
      buckets: UPSTREAM_BUCKETS,
      registers,
    });
    const cacheTallies = this.#cacheTallies;
    new Counter({
      name: 'gateway_upstream_cache_requests_total',
      help: 'Upstream cache lookups: hit (fresh here), miss (loaded or joined a load), stale (served expired)',
      labelNames: ['upstream', 'environment', 'result'],
      registers,
      collect() {
        this.reset();
        for (const { upstream, environment, hit, miss, stale } of cacheTallies) {
          this.inc({ upstream, environment, result: 'hit' }, hit);
          this.inc({ upstream, environment, result: 'miss' }, miss);
          this.inc({ upstream, environment, result: 'stale' }, stale);
        }
      },
    });
    this.#budgetWaits = new Counter({
      name: 'gateway_budget_waits_total',
      help: 'Upstream attempts that waited for their budget units',
      labelNames: ['upstream', 'environment'],
      registers,
    });
    this.#budgetWaitSeconds = new Counter({
      name: 'gateway_budget_wait_seconds_total',
      help: 'Time upstream attempts spent waiting for their budget units',
      labelNames: ['upstream', 'environment'],
      registers,
    });
    this.#budgetRefusals = new Counter({
      name: 'gateway_budget_refusals_total',
      help: 'Upstream attempts refused because their budget units would not come in time (429 budget)',
      labelNames: ['upstream', 'environment'],
      registers,
    });
    this.#writes = new Counter({
      name: 'gateway_writes_total',
      help: 'Write tool calls by outcome: sent, reconciled, refused_leverage, refused, unknown, failed',
      labelNames: ['namespace', 'tool', 'outcome'],
      registers,
    });
    this.#replays = new Counter({
      name: 'gateway_idempotent_replays_total',
      help: 'Writes repeated under an Idempotency-Key and answered with the stored answer',
      labelNames: ['namespace', 'tool'],
      registers,
    });
    this.#riskRefusals = new Counter({
      name: 'gateway_risk_refusals_total',
      help: 'Writes refused by a pre-trade risk check before anything was sent, by the catalogue code',
      labelNames: ['namespace', 'tool', 'code'],
      registers,
    });
    const halts = () => this.#halts();
    new Gauge({
      name: 'gateway_risk_halts',
      help: 'Halts in force: scope environment (0 or 1) or bot (how many bots)',
      labelNames: ['environment', 'scope'],
      registers,
      // Read from the shared risk store on each scrape, so every instance reports the halts of all.
      async collect() {
        this.reset();
        const all = await halts().catch(() => undefined);
        if (!all) return;
        for (const environment of ['test', 'live'] as const) {
          const own = all.filter((halt) => halt.environment === environment);
          this.set({ environment, scope: 'environment' }, own.some((halt) => halt.bot_tag === null) ? 1 : 0);
          this.set({ environment, scope: 'bot' }, own.filter((halt) => halt.bot_tag !== null).length);
        }
      },
    });
    const circuits = () => this.#circuits();
    new Gauge({
      name: 'gateway_upstream_circuit_state',
      help: 'Circuit breaker of each upstream host: 1 for its current state (closed, half_open, open)',
      labelNames: ['upstream', 'environment', 'host', 'state'],
      registers,
      // Read on each scrape: the breakers keep their own state, nothing is reported as it changes.
      collect() {
        this.reset();
        for (const { upstream, environment, host, state } of circuits())
          for (const each of CIRCUIT_STATES)
            this.set({ upstream, environment, host, state: each }, each === state ? 1 : 0);
      },
    });
  }

  /** Where the halt gauge reads the halts (the risk store, opened with the app). */
  watchHalts(read: () => Promise<readonly Halt[]>): void {
    this.#halts = read;
  }

  /** Where the circuit gauge reads its states (the upstream registry, known once the app is built). */
  watchCircuits(read: () => readonly CircuitReading[]): void {
    this.#circuits = read;
  }

  /** Observers bound to one upstream and environment: each report is one call on a labelled child. */
  upstream(name: string, environment: Environment): UpstreamObservers {
    const calls = new Map<
      UpstreamCallResult,
      { count: Counter.Internal; seconds: Histogram.Internal<string> }
    >();
    const child = (outcome: UpstreamCallResult) => {
      let pair = calls.get(outcome);
      if (!pair) {
        const labels = { upstream: name, environment, outcome };
        pair = { count: this.#calls.labels(labels), seconds: this.#callSeconds.labels(labels) };
        calls.set(outcome, pair);
      }
      return pair;
    };
    const labels = { upstream: name, environment };
    const cache = { ...labels, hit: 0, miss: 0, stale: 0 };
    this.#cacheTallies.push(cache);
    const waits = this.#budgetWaits.labels(labels);
    const waitSeconds = this.#budgetWaitSeconds.labels(labels);
    const refusals = this.#budgetRefusals.labels(labels);
    return {
      calls: {
        call(outcome, seconds) {
          const pair = child(outcome);
          pair.count.inc();
          pair.seconds.observe(seconds);
        },
      },
      cache: {
        hit: () => {
          cache.hit += 1;
        },
        miss: () => {
          cache.miss += 1;
        },
        stale: () => {
          cache.stale += 1;
        },
      },
      budget: {
        waited(seconds) {
          waits.inc();
          waitSeconds.inc(seconds);
        },
        refused: () => refusals.inc(),
      },
    };
  }

  write(entry: RegisteredTool, outcome: WriteOutcome): void {
    this.#writes.inc({ namespace: entry.namespace.name, tool: entry.tool.name, outcome });
  }

  riskRefused(entry: RegisteredTool, code: string): void {
    this.#riskRefusals.inc({ namespace: entry.namespace.name, tool: entry.tool.name, code });
  }

  replayed(entry: RegisteredTool): void {
    this.#replays.inc({ namespace: entry.namespace.name, tool: entry.tool.name });
  }
}
