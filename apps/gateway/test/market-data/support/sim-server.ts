import type { AddressInfo } from 'node:net';
import type { SimEnvironment, SimulatorDefinition } from '@app/sim';
import Fastify from 'fastify';
import { createMarketClients, createMarketDataCaches } from '../../../src/venues/common/market-clients.js';
import type { MarketClients } from '../../../src/venues/common/market-context.js';
import { FetchUpstream } from './fetch-upstream.js';

/** Test-only: one simulator plugin listening on a loopback ephemeral port (the frame replaces this at merge). */
export async function listenSimulator(
  definition: SimulatorDefinition,
  options: { environment?: SimEnvironment; seed?: number; now: () => number },
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  await app.register(
    definition.plugin({
      environment: options.environment ?? 'live',
      seed: options.seed ?? 7,
      marketSeed: options.seed ?? 7,
      now: options.now,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** 2026-11-20 12:34:56.789 UTC: a pinned clock so every run sees the same market. */
export const PINNED_NOW = Date.UTC(2026, 10, 20, 12, 34, 56, 789);

export interface SimulatedVenues {
  clients: MarketClients;
  optxHttp: FetchUpstream;
  perpdexHttp: FetchUpstream;
  close: () => Promise<void>;
}

/** Both simulators plus the clients and caches the services take, for one environment. */
export async function simulatedVenues(
  optxSim: SimulatorDefinition,
  perpdexSim: SimulatorDefinition,
  options: { environment?: SimEnvironment; now?: () => number; maxBars?: number } = {},
): Promise<SimulatedVenues> {
  const environment = options.environment ?? 'live';
  const now = options.now ?? (() => PINNED_NOW);
  const optxServer = await listenSimulator(optxSim, { environment, now });
  const perpdexServer = await listenSimulator(perpdexSim, { environment, now });
  const optxHttp = new FetchUpstream('optx', environment, `${optxServer.url}/api/v2`, now);
  const perpdexHttp = new FetchUpstream('perpdex', environment, perpdexServer.url, now);
  const clients = createMarketClients(
    environment,
    { optx: optxHttp, perpdex: perpdexHttp },
    createMarketDataCaches({ maxCachedBars: options.maxBars }),
  );
  return {
    clients,
    optxHttp,
    perpdexHttp,
    close: async () => {
      await Promise.all([optxServer.close(), perpdexServer.close()]);
    },
  };
}
