import { AppError, type Logger } from '@app/kit';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.js';
import { checkLeverageCap } from '../risk/leverage-cap.js';
import type { UpstreamRegistry } from '../upstream/upstream-registry.js';
import type { NamespaceDefinition, ToolContext, UpstreamProfile } from './tool-types.js';

export interface ToolFrameDeps {
  registry: UpstreamRegistry;
  profile: UpstreamProfile;
  /** Leverage cap per venue from config; undefined for a venue without one. */
  maxLeverage: (venue: string) => number | undefined;
  now: () => number;
}

/** The per-call context a handler sees; the caller is already authenticated and tagged. */
export function toolContext(
  request: FastifyRequest,
  caller: Caller,
  namespace: NamespaceDefinition,
  deps: ToolFrameDeps,
): ToolContext {
  const { environment } = caller;
  return {
    environment,
    actor: caller.actor,
    botTag: caller.botTag ?? '',
    requestId: request.id,
    log: request.log as Logger,
    profile: deps.profile,
    now: deps.now,
    upstream: (name) => deps.registry.get(name, environment),
    enforceLeverageCap(venue, exposure) {
      const cap = deps.maxLeverage(venue);
      if (cap === undefined) {
        throw new AppError(500, 'RISK_CAP_NOT_CONFIGURED', `No leverage cap is configured for ${venue}`);
      }
      checkLeverageCap(venue, cap, exposure);
    },
    environmentInfo: () => ({
      namespace: namespace.name,
      exchange: namespace.exchange,
      environment,
      testnet: environment === 'test',
      profile: deps.profile,
      simulated: deps.profile === 'sim',
      upstreams: namespace.upstreams
        .filter((name) => deps.registry.has(name))
        .map((name) => ({ name, base_url: deps.registry.get(name, environment).baseUrl })),
    }),
  };
}
