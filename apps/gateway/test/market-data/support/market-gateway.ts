import type { SimInstance, SimulatorDefinition } from '@app/sim';
import type { Static } from '@sinclair/typebox';
import type { GetIndicatorsOutputSchema } from '../../../src/namespaces/mcp/get-indicators.tool.js';
import type {
  ConsensusHistory,
  FailedSource,
  SingleHistory,
} from '../../../src/namespaces/mcp/historical.service.js';
import {
  type HistoryLimits,
  type MarketClients,
  marketClients,
} from '../../../src/namespaces/mcp/market-clients.js';
import type { LazyList } from '../../../src/tools/lazy-list.js';
import type { Environment } from '../../../src/upstream/upstream-types.js';
import type { PerpMarketRecord } from '../../../src/venues/hyperliquid/perp-market.js';
import type { Exchange, Instrument, ListingMeta } from '../../../src/venues/market-venue.js';
import {
  type Envelope,
  type Gateway,
  MAINNET,
  resetSimulatorsAndCaches,
  startGateway,
  TESTNET,
} from '../../helpers.js';

/**
 * The market-data tests' harness: the real gateway (production upstreams, namespaces and simulators, the real
 * upstream layer) over HTTP, on a pinned clock so every run sees the same market.
 */

/** 2026-11-20 12:34:56.789 UTC: the pinned clock of the simulators and of the gateway. */
export const PINNED_NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789);

/** The frame's fields on every answer of the market-data namespaces in the sim profile. */
export interface FrameFields {
  data_timestamp: string;
  testnet: boolean;
  simulated: true;
  stale?: true;
}

/** A handler's data as it reads over the wire: its lazy lists are arrays there. */
type OverTheWire<T> = { [K in keyof T]: T[K] extends LazyList<infer I> ? I[] : T[K] };

/** What each tool answers (its handler's data), as the tests read it. */
export interface ToolAnswers {
  get_instruments: {
    instruments: Instrument[];
    failed_sources: FailedSource[];
    meta: Partial<Record<Exchange, ListingMeta>>;
  };
  get_historical: OverTheWire<SingleHistory> | OverTheWire<ConsensusHistory>;
  get_indicators: Static<typeof GetIndicatorsOutputSchema>;
  get_markets: { markets: PerpMarketRecord[] };
}
export type ToolName = keyof ToolAnswers;
export type Answer<N extends ToolName> = ToolAnswers[N] & FrameFields;

/** Where each tool lives. */
export const TOOL_PATHS: Record<ToolName, string> = {
  get_instruments: '/mcp/tools/get_instruments',
  get_historical: '/mcp/tools/get_historical',
  get_indicators: '/mcp/tools/get_indicators',
  get_markets: '/mcp-perpdex/tools/get_markets',
};

/** A failed call as `tool` throws it: the HTTP status with the envelope's error fields. */
export type ToolError = { status: number } & Envelope['error'];

export const tokenHeaders = (environment: Environment) => ({
  authorization: `Bearer ${environment === 'live' ? MAINNET : TESTNET}`,
});

export interface MarketGateway {
  gateway: Gateway;
  /**
   * POSTs to the tool's route with the token of `environment` (the harness's default unless given) and
   * returns the parsed body of a 2xx; an error status throws `{ status, ...envelope.error }`.
   */
  tool<N extends ToolName>(
    name: N,
    body: unknown,
    options?: { environment?: Environment; headers?: Record<string, string> },
  ): Promise<Answer<N>>;
  /** A simulator's instance serving `environment` (the harness's default unless given). */
  sim(name: Exchange, environment?: Environment): SimInstance;
  /** The common interface's clients over the gateway's upstream layer, with their own candle cache and admission. */
  marketClients(environment?: Environment, limits?: HistoryLimits): MarketClients;
  /** Clears injected faults and the request journals, and brings every instance back up. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startMarketGateway(
  options: {
    /** The environment `tool` calls go to by default: live (the mainnet token) unless told otherwise. */
    environment?: Environment;
    /** Both clocks, gateway and simulators; PINNED_NOW by default. */
    now?: () => number;
    /** Simulators with other settings (the catalog's by default). */
    simulators?: SimulatorDefinition[];
    env?: Record<string, string>;
    /** Redis key prefix when env sets REDIS_URL (instances sharing one share budgets and caches). */
    redisPrefix?: string;
  } = {},
): Promise<MarketGateway> {
  const defaultEnvironment = options.environment ?? 'live';
  const now = options.now ?? (() => PINNED_NOW);
  const gateway = await startGateway({
    production: true,
    now,
    simNow: now,
    simulators: options.simulators,
    redisPrefix: options.redisPrefix,
    // Injected faults in one test must not open a circuit for the next.
    env: { UPSTREAM_BREAKER_FAILURES: '1000', ...options.env },
  });
  return {
    gateway,
    async tool(name, body, { environment = defaultEnvironment, headers = {} } = {}) {
      const response = await gateway.call(TOOL_PATHS[name], body, {
        ...tokenHeaders(environment),
        ...headers,
      });
      const text = await response.text();
      const parsed: unknown = text === '' ? undefined : JSON.parse(text);
      if (response.ok) return parsed as never;
      const error = (parsed as Partial<Envelope> | undefined)?.error;
      throw { status: response.status, ...error } as ToolError;
    },
    sim(name, environment = defaultEnvironment) {
      const simulator = gateway.sims.get(name);
      if (!simulator) throw new Error(`no simulator ${name}`);
      return simulator.instance(environment);
    },
    marketClients(environment = defaultEnvironment, limits = {}) {
      const { registry } = gateway.upstreams;
      return marketClients(limits)({
        environment,
        client: (spec) => registry.client(spec, environment),
        has: (spec) => registry.has(spec.name),
        lifecycle: registry.lifecycle,
      });
    },
    reset: () => resetSimulatorsAndCaches(gateway),
    close: () => gateway.close(),
  };
}
