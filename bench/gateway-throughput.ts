import { type LoadResult, load, stealMeter } from './bench.js';
import { BENCH_TOKEN, type BenchServers } from './gateway-processes.js';

/** What the cached tool's request carries besides its body: the testnet bearer token and a bot tag. */
export const TOOL_HEADERS = {
  'content-type': 'application/json',
  authorization: `Bearer ${BENCH_TOKEN}`,
  'x-bot-tag': 'bench',
};

/** One load round with the server process's CPU time per request (µs) alongside. */
export type Measured = LoadResult & { cpuUsPerRequest: number };

export interface ThroughputPair {
  bare: Measured;
  cached: Measured;
  stealPct: number;
}

/**
 * Full-speed rounds (10 connections, POST with the body `{}`) in pairs, the bare route then the gateway's
 * `get_cached_ticker` tool, each with the server process's CPU per request: robust to what else the machine
 * is running. Compare within each pair: neighbours share the machine's state (other guests on the host,
 * background load) far more than rounds a minute apart.
 */
export async function throughputPairs(
  servers: BenchServers,
  rounds: number,
  seconds: number,
): Promise<ThroughputPair[]> {
  const { urls, cpuMs } = servers;
  const measured = async (run: () => Promise<LoadResult>): Promise<Measured> => {
    const before = cpuMs();
    const result = await run();
    const requests = result.requestsPerSec * seconds;
    return { ...result, cpuUsPerRequest: ((cpuMs() - before) * 1000) / Math.max(1, requests) };
  };
  const pairs: ThroughputPair[] = [];
  for (let round = 0; round < rounds; round++) {
    const steal = stealMeter();
    const bare = await measured(() =>
      load(`${urls.bare}/tools/get_cached_ticker`, {
        seconds,
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    const cached = await measured(() =>
      load(`${urls.gateway}/mcp-ticker/tools/get_cached_ticker`, {
        seconds,
        method: 'POST',
        body: '{}',
        headers: TOOL_HEADERS,
      }),
    );
    pairs.push({ bare, cached, stealPct: steal() });
  }
  return pairs;
}
