import type { FastifyPluginAsync } from 'fastify';
import type { LimitRules, RateLimits } from './frame/limits.js';

/**
 * The contract between the simulator frame and each venue simulator. A venue
 * simulator is a Fastify plugin that serves its upstream's real wire protocol
 * (paths, envelopes, error formats, limits). The frame owns everything around
 * it: the loopback server, the test/live instances with separate state,
 * fault injection and the seeded clock.
 */
export type SimEnvironment = 'test' | 'live';

export interface SimContext {
  /** Which instance this is; the two never share state. */
  environment: SimEnvironment;
  /** Seed of this simulator's own random choices (derived per simulator and environment). */
  seed: number;
  /**
   * Seed of the shared market: the same for every simulator of a fleet, so
   * venues quoting one coin follow one underlying and agree within a basis.
   */
  marketSeed: number;
  /** Milliseconds since the epoch; tests may pin it. */
  now: () => number;
  /**
   * This instance's rate limits (the buckets of `SimulatorDefinition.limits`): the venue takes each
   * request's cost from them and answers a refusal in its own format. They run on real elapsed time, never
   * on `now`.
   */
  limits: RateLimits;
}

export interface SimulatorDefinition {
  /** Upstream name as the gateway knows it: `optx`, `perpdex`, `broker`, `macro`, `sentiment`. */
  name: string;
  /** Builds the plugin for one instance; called once per environment, so state lives in the closure. */
  plugin: (context: SimContext) => FastifyPluginAsync;
  /**
   * The credential set this simulator issues to the gateway for one instance (API key and secret, an
   * agent key), deterministic from the instance's seed; in the sim profile the gateway signs with it, so
   * `npm start` trades with no set-up. Absent for simulators of public data.
   */
  credentials?: (context: SimContext) => Record<string, string>;
  /**
   * The venue's rate-limit buckets and their numbers, on unless `enabled: false`; absent for a venue
   * without limits. The frame gives each instance its own `RateLimits` over them (`SimContext.limits`).
   */
  limits?: { rules: LimitRules; enabled?: boolean };
}
