import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../frame/caller.js';
import type { PreTradeRisk, RiskStatus } from '../trading/risk/pre-trade-risk.js';
import type { Deadline, DryRunCapture } from '../upstream/call-deadline.js';
import type { UpstreamRegistry } from '../upstream/upstream-registry.js';
import type { Environment } from '../upstream/upstream-types.js';
import type { AnyNamespace, EnvironmentInfo, UpstreamProfile, WriteContext } from './tool.js';

/** What `invoke` needs from the app, built once. */
export interface FrameDeps {
  registry: UpstreamRegistry;
  profile: UpstreamProfile;
  /** Leverage cap per venue from config; undefined for a venue without one. */
  maxLeverage: (venue: string) => number | undefined;
  now: () => number;
  /** The bots' limits and halts (get_risk_status reads them). */
  risk: PreTradeRisk;
}

/** Who is calling: authenticated and tagged by the transport. */
export interface CallerInfo {
  actor: Actor;
  environment: Environment;
  botTag: string;
  requestId: string;
  /** The caller's own X-Request-Id, recorded beside requestId in the audit trail. */
  clientRequestId: string | null;
  log: FastifyBaseLogger;
  /** What the caller asked for (X-Deadline-Ms), when less than the configured deadline. */
  deadlineMs?: number;
  /** The Idempotency-Key header of a write, checked by the transport. */
  idempotencyKey?: string;
}

/**
 * The per-call context a handler sees. A class rather than an object literal: its methods live on the
 * prototype, so a call allocates one object instead of one object and several closures.
 */
export class CallContext<C> implements WriteContext<C> {
  readonly environment: Environment;
  readonly actor: Actor;
  readonly botTag: string;
  readonly requestId: string;
  readonly clientRequestId: string | null;
  readonly log: FastifyBaseLogger;
  readonly profile: UpstreamProfile;
  readonly now: () => number;
  readonly clients: C;
  /** The upstream deadline (tool.ts); the write pipeline sets the send's, then the reconciliation's. */
  deadline: Deadline;
  /** Set by the write pipeline before a write's steps run; empty for reads. */
  clientOrderId = '';
  /** Set by the write pipeline while a dry-run write runs: its venue request is captured, not sent. */
  dryRun: DryRunCapture | undefined = undefined;
  readonly #namespace: AnyNamespace;
  readonly #deps: FrameDeps;

  constructor(caller: CallerInfo, namespace: AnyNamespace, clients: C, deps: FrameDeps, deadline: Deadline) {
    this.deadline = deadline;
    this.environment = caller.environment;
    this.actor = caller.actor;
    this.botTag = caller.botTag;
    this.requestId = caller.requestId;
    this.clientRequestId = caller.clientRequestId;
    this.log = caller.log;
    this.profile = deps.profile;
    this.now = deps.now;
    this.clients = clients;
    this.#namespace = namespace;
    this.#deps = deps;
  }

  riskStatus(): Promise<RiskStatus> {
    return this.#deps.risk.status(this.environment, this.botTag);
  }

  maxLeverage(venue: string): number | undefined {
    return this.#deps.maxLeverage(venue);
  }

  environmentInfo(): EnvironmentInfo {
    const namespace = this.#namespace;
    const { environment } = this;
    const { registry, profile } = this.#deps;
    return {
      namespace: namespace.name,
      exchange: namespace.exchange,
      environment,
      profile,
      upstreams: namespace.upstreams
        .filter((name) => registry.has(name))
        .map((name) => ({ name, base_url: registry.get(name, environment).baseUrl })),
    };
  }
}
