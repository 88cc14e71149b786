import type { FastifyPluginAsync } from 'fastify';
import type { ExchangeCore } from './exchange/exchange-core.js';
import type { SimClock } from './frame/clock.js';
import type { LimitRules, RateLimits } from './frame/limits.js';
import type { WebSocketHandler } from './frame/websocket-routes.js';

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
  /** Milliseconds since the epoch: `clock.now()`. */
  now: () => number;
  /** This instance's market clock: real time by default; tests set or advance it (`/__sim/clock`). */
  clock: SimClock;
  /** Serves a websocket endpoint at `path` on the instance's port (upgrades elsewhere answer 404). */
  websocket: (path: string, handler: WebSocketHandler) => void;
  /** This instance's exchange core, when the definition has one (`SimulatorDefinition.exchange`). */
  exchange?: ExchangeCore;
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
  /**
   * A trading venue's exchange core, built once per instance before the plugin (so test and live never share
   * books, orders or accounts) on the instance's clock; the frame has it observe the market whenever a test
   * moves the clock. Exposed as `SimContext.exchange` and `instance.exchange`.
   */
  exchange?: (context: SimContext) => ExchangeCore;
}

/** What the fleet decides for an instance; the instance adds its clock, websocket routes and exchange. */
export type SimInstanceSettings = Pick<SimContext, 'environment' | 'seed' | 'marketSeed' | 'now' | 'limits'>;
