import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createRateLimitStore, randomKeyPrefix } from '../apps/measure/src/rate-limit/create-store.js';
import { MemoryRateLimitStore } from '../apps/measure/src/rate-limit/memory.store.js';
import { rateLimitPlugin } from '../apps/measure/src/rate-limit/rate-limit.plugin.js';
import { createApp, createLogger } from '../packages/kit/src/index.js';
import { startTestServer } from '../packages/kit/src/testing.js';
import { type Bench, fmt, stamp } from './bench.js';

interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  refused: number;
}

/** Clients from a pool of 4,096 addresses (X-Forwarded-For, trustProxy on), so logs have realistic sizes. */
async function loadFromManyClients(url: string): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url,
    duration: 3,
    connections: 10,
    requests: [
      {
        setupRequest: (request) => {
          n = (n + 1) % 4096;
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': `10.0.${n >> 8}.${n & 255}` },
          };
        },
      },
    ],
  });
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused: result.non2xx,
  };
}

const logger = createLogger({ name: 'bench', level: 'silent' });

/** One kit app serving GET /api/ping, with the rate-limit plugin on the given store (or none). */
async function run(redisUrl: string | undefined, limited: boolean): Promise<LoadResult> {
  const app = await createApp({
    logger,
    trustProxy: true,
    disableRequestLogging: true,
    renderError: (e) => ({ detail: e.message }),
  });
  if (limited) {
    const store = await createRateLimitStore({ redisUrl, keyPrefix: randomKeyPrefix('bench'), logger });
    await app.register(rateLimitPlugin, {
      general: { limit: 300, windowMs: 60_000 },
      login: { limit: 5, windowMs: 60_000 },
      store,
    });
  }
  app.get('/api/ping', async () => ({ pong: true }));
  const server = await startTestServer(app);
  try {
    return await loadFromManyClients(`${server.url}/api/ping`);
  } finally {
    await server.close();
  }
}

const ROUNDS = 3;

function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
  return sorted[Math.floor(sorted.length / 2)] as LoadResult;
}

async function memoryHitMicroseconds(): Promise<number> {
  const store = new MemoryRateLimitStore();
  const rule = { limit: 300, windowMs: 60_000 };
  const hits = 1_000_000;
  const started = performance.now();
  for (let i = 0; i < hits; i++) await store.hit(`general:10.0.${(i % 4096) >> 8}.${i & 255}`, rule, i / 100);
  return ((performance.now() - started) * 1000) / hits;
}

/** What the per-IP limiter costs per request, in memory and (when REDIS_URL is set) in Redis. */
const bench: Bench = async () => {
  // Tooling, not a service: the Redis run is opt-in through the same variable the service uses.
  const redisUrl = process.env.REDIS_URL;
  const variants: [string, string | undefined, boolean][] = [
    ['no rate limit', undefined, false],
    ['memory store', undefined, true],
  ];
  if (redisUrl) variants.push(['Redis store (Lua sliding log)', redisUrl, true]);
  // Interleaved rounds, median per variant: drift in machine load hits every variant alike.
  const runs = new Map<string, LoadResult[]>(variants.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url, limited] of variants) runs.get(name)?.push(await run(url, limited));
  }
  const rows = [...runs].map(([name, results]) => [name, median(results)] as [string, LoadResult]);
  const base = rows[0]?.[1].requestsPerSec ?? 1;
  const micro = await memoryHitMicroseconds();
  const table = rows
    .map(([name, r]) => {
      const share = fmt((r.requestsPerSec / base) * 100);
      return `| ${name} | ${fmt(r.requestsPerSec)} | ${share} % | ${r.p50} | ${r.p99} | ${fmt(r.refused)} |`;
    })
    .join('\n');
  return `## Rate-limit overhead (${stamp()})

GET /api/ping on the kit app, 10 connections, median of 3 interleaved 3-second runs per row, requests spread over 4,096 client addresses
(X-Forwarded-For) with the service's general budget (300 per 60 s); 429s are counted as refused. ${redisUrl ? 'Redis on the same machine.' : 'Redis row only when REDIS_URL is set.'}
Absolute numbers move with machine load (the HTTP rows share two cores with autocannon; 1-minute load average at
the end of this run: ${fmt(loadavg()[0] ?? 0, 1)}); compare rows of one run.
The memory store's own cost, without HTTP: ${fmt(micro, 2)} µs per hit (1,000,000 hits over 4,096 keys).

| limiter | req/s | of no limit | p50 ms | p99 ms | refused |
| --- | ---: | ---: | ---: | ---: | ---: |
${table}`;
};
export default bench;
