import type { Authorizer } from './authorizer.js';
import { Budget } from './budget.js';
import type { CredentialHandle, CredentialStore } from './credentials.js';
import type { Lifecycle } from './lifecycle.js';
import type { SharedState } from './shared-state.js';
import { UndiciUpstream } from './undici-upstream.js';
import { UpstreamCache } from './upstream-cache.js';
import type { UpstreamMetrics } from './upstream-metrics.js';
import { hostNames, type UpstreamSpec, type UpstreamTuning } from './upstream-spec.js';
import type { Environment, UpstreamHttp } from './upstream-types.js';

/** One upstream in one environment, as its client sees it: its hosts, credentials and lifecycle. */
export interface UpstreamConnection {
  readonly name: string;
  readonly environment: Environment;
  /** A host's HTTP client; the default (first declared) host when none is named. */
  http(host?: string): UpstreamHttp;
  /** Present when the upstream declares credentials. */
  readonly credentials: CredentialHandle | undefined;
  /** Close hooks and timers of this upstream's clients (websockets, keep-alive timers). */
  readonly lifecycle: Lifecycle;
  /** This upstream's cache in this environment, for the client calls that declare a policy. */
  readonly cache: UpstreamCache;
}

export interface ConnectionOptions {
  spec: UpstreamSpec;
  environment: Environment;
  /** Base URL per host in this environment. */
  urls: Record<string, string>;
  tuning: UpstreamTuning;
  credentials: CredentialStore;
  lifecycle: Lifecycle;
  /** Budgets and the shared cache level: this process's memory or Redis. */
  state: SharedState;
  cacheEntries: number;
  now: () => number;
  metrics?: UpstreamMetrics;
}

/** Builds the hosts' pools, the authorizer they share, and (lazily) the upstream's client. */
export class Connection implements UpstreamConnection {
  readonly name: string;
  readonly environment: Environment;
  readonly credentials: CredentialHandle | undefined;
  readonly lifecycle: Lifecycle;
  readonly hosts: ReadonlyMap<string, UndiciUpstream>;
  readonly cache: UpstreamCache;
  readonly #spec: UpstreamSpec;
  #client: { value: unknown } | undefined;

  constructor(options: ConnectionOptions) {
    const { spec, environment, now } = options;
    const observers = options.metrics?.upstream(spec.name, environment);
    this.name = spec.name;
    this.environment = environment;
    this.lifecycle = options.lifecycle;
    this.#spec = spec;
    this.credentials = spec.credentials ? options.credentials.handle(spec.name, environment) : undefined;
    // The authorizer reaches the hosts through this map, filled right below; it is only called per attempt.
    const hosts = new Map<string, UndiciUpstream>();
    const credentials = this.credentials;
    if (spec.authorizer && !credentials)
      throw new Error(`${spec.name}: an authorizer needs declared credentials`);
    const authorizer: Authorizer | undefined =
      credentials && spec.authorizer?.({ environment, credentials, http: (host) => this.http(host), now });
    for (const host of hostNames(spec)) {
      const baseUrl = options.urls[host];
      if (baseUrl === undefined) throw new Error(`${spec.name}: no URL for host ${host}`);
      const budgetSpec = spec.hosts[host]!.budget;
      const key = `${spec.name}:${environment}:${host}`;
      hosts.set(
        host,
        new UndiciUpstream({
          ...options.tuning,
          name: spec.name,
          host,
          environment,
          baseUrl,
          now,
          authorizer,
          rateLimited: spec.rateLimited,
          metrics: observers?.calls,
          budget:
            budgetSpec &&
            new Budget({
              spec: budgetSpec,
              store: options.state.buckets,
              key,
              upstream: spec.name,
              environment,
              maxWaitMs: options.tuning.budgetWaitMs,
              metrics: observers?.budget,
            }),
        }),
      );
    }
    this.hosts = hosts;
    this.cache = new UpstreamCache({
      scope: `${spec.name}:${environment}`,
      maxEntries: options.cacheEntries,
      remote: options.state.remoteCache,
      metrics: observers?.cache,
    });
  }

  http(host?: string): UpstreamHttp {
    const name = host ?? hostNames(this.#spec)[0]!;
    const http = this.hosts.get(name);
    if (!http) throw new Error(`${this.name} has no host ${name}`);
    return http;
  }

  /** The upstream's client for this environment, built on first use and then shared. */
  client<C>(): C {
    this.#client ??= { value: this.#spec.client(this) };
    return this.#client.value as C;
  }

  close(): Promise<unknown> {
    return Promise.all([...this.hosts.values()].map((host) => host.close()));
  }
}
