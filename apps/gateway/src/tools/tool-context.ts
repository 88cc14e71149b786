import { AppError } from '@app/kit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Actor, Caller } from '../auth/caller.js';
import { checkLeverageCap, type Exposure } from '../risk/leverage-cap.js';
import type { UpstreamRegistry } from '../upstream/upstream-registry.js';
import type { Environment, UpstreamHttp } from '../upstream/upstream-types.js';
import type { EnvironmentInfo, NamespaceDefinition, ToolContext, UpstreamProfile } from './tool-types.js';

export interface ToolFrameDeps {
  registry: UpstreamRegistry;
  profile: UpstreamProfile;
  /** Leverage cap per venue from config; undefined for a venue without one. */
  maxLeverage: (venue: string) => number | undefined;
  now: () => number;
}

/**
 * The per-call context a handler sees; the caller is already authenticated and tagged.
 * A class rather than an object literal: its methods live on the prototype, so a call
 * allocates one object instead of one object and four closures.
 */
class CallContext implements ToolContext {
  readonly environment: Environment;
  readonly actor: Actor;
  readonly botTag: string;
  readonly requestId: string;
  readonly log: FastifyBaseLogger;
  readonly profile: UpstreamProfile;
  readonly now: () => number;
  readonly #namespace: NamespaceDefinition;
  readonly #deps: ToolFrameDeps;

  constructor(request: FastifyRequest, caller: Caller, namespace: NamespaceDefinition, deps: ToolFrameDeps) {
    this.environment = caller.environment;
    this.actor = caller.actor;
    this.botTag = caller.botTag ?? '';
    this.requestId = request.id;
    this.log = request.log;
    this.profile = deps.profile;
    this.now = deps.now;
    this.#namespace = namespace;
    this.#deps = deps;
  }

  upstream(name: string): UpstreamHttp {
    return this.#deps.registry.get(name, this.environment);
  }

  enforceLeverageCap(venue: string, exposure: Exposure): void {
    const cap = this.#deps.maxLeverage(venue);
    if (cap === undefined) {
      throw new AppError(500, 'RISK_CAP_NOT_CONFIGURED', `No leverage cap is configured for ${venue}`);
    }
    checkLeverageCap(venue, cap, exposure);
  }

  environmentInfo(): EnvironmentInfo {
    const namespace = this.#namespace;
    const { environment } = this;
    const { registry, profile } = this.#deps;
    return {
      namespace: namespace.name,
      exchange: namespace.exchange,
      environment,
      testnet: environment === 'test',
      profile,
      simulated: profile === 'sim',
      upstreams: namespace.upstreams
        .filter((name) => registry.has(name))
        .map((name) => ({ name, base_url: registry.get(name, environment).baseUrl })),
    };
  }
}

/** The per-call context a handler sees; the caller is already authenticated and tagged. */
export function toolContext(
  request: FastifyRequest,
  caller: Caller,
  namespace: NamespaceDefinition,
  deps: ToolFrameDeps,
): ToolContext {
  return new CallContext(request, caller, namespace, deps);
}
