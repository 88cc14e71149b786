import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { type Bench, fmt, type LoadResult, load, stamp } from './bench.js';

const BENCH_TOKEN = 'bench-testnet-token';
const TOOL_HEADERS = {
  'content-type': 'application/json',
  authorization: `Bearer ${BENCH_TOKEN}`,
  'x-bot-tag': 'bench',
};

interface Paced {
  p50: number;
  p99: number;
  sent: number;
  errors: number;
}

/**
 * Sends requests at a fixed rate (not as fast as possible) over keep-alive
 * sockets and measures each latency with a microsecond clock; autocannon's
 * whole-millisecond histogram cannot resolve a sub-millisecond difference.
 */
async function paced(
  url: string,
  rate: number,
  seconds: number,
  request: { method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> },
): Promise<Paced> {
  const pool = new Pool(url, { connections: 32 });
  const latencies: number[] = [];
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const one = async () => {
    const started = process.hrtime.bigint();
    try {
      const res = await pool.request({ ...request });
      await res.body.dump();
      if (res.statusCode !== 200) errors++;
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    } catch {
      errors++;
    }
  };
  const begin = performance.now();
  let sent = 0;
  const total = rate * seconds;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * rate));
    while (sent < due) {
      const promise = one().finally(() => inFlight.delete(promise));
      inFlight.add(promise);
      sent++;
    }
    // Timer ticks of about 1 ms; each tick sends what is due, so the rate holds without spinning a CPU.
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), sent, errors };
}

/** Starts bench/gateway-bench-server.ts in a child process and waits for its URLs. */
async function startServers(): Promise<{
  urls: { gateway: string; bare: string; sim: string };
  stop: () => void;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('gateway-bench-server.ts', import.meta.url)), BENCH_TOKEN],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline !== -1) resolve(buffered.slice(0, newline));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { urls: JSON.parse(line), stop: () => child.kill('SIGTERM') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const bench: Bench = async () => {
  const { urls, stop } = await startServers();
  // Interleaved rounds, medians taken: the machine's background load changes less between neighbours.
  const bareRounds: LoadResult[] = [];
  const cachedRounds: LoadResult[] = [];
  for (let round = 0; round < 3; round++) {
    bareRounds.push(
      await load(`${urls.bare}/tools/get_cached_ticker`, {
        seconds: 3,
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    cachedRounds.push(
      await load(`${urls.gateway}/mcp-ticker/tools/get_cached_ticker`, {
        seconds: 3,
        method: 'POST',
        body: '{}',
        headers: TOOL_HEADERS,
      }),
    );
  }
  const pick = (rounds: LoadResult[]) => {
    const rps = median(rounds.map((r) => r.requestsPerSec));
    return rounds.find((r) => r.requestsPerSec === rps) as LoadResult;
  };
  const bareResult = pick(bareRounds);
  const cachedResult = pick(cachedRounds);

  const rate = 1000;
  const direct = await paced(urls.sim, rate, 5, { method: 'GET', path: '/ticker?symbol=BTC' });
  const through = await paced(urls.gateway, rate, 5, {
    method: 'POST',
    path: '/mcp-ticker/tools/get_ticker',
    body: JSON.stringify({ symbol: 'BTC' }),
    headers: TOOL_HEADERS,
  });
  stop();

  const ratio = cachedResult.requestsPerSec / bareResult.requestsPerSec;
  const added = through.p99 - direct.p99;
  return `## Gateway overhead (${stamp()})

Servers in a child process, load from the parent. Throughput: POST with a JSON body, 10 connections,\nthree interleaved 3 s rounds each, median shown.
The gateway path runs the whole frame: bearer check (two constant-time compares), bot tag, body validation,
response serialisation with the frame fields, the request log (to a null stream) and the tool handler answering
from its cache.

| server | req/s | p50 ms | p99 ms | errors |
| --- | ---: | ---: | ---: | ---: |
| bare Fastify route | ${fmt(bareResult.requestsPerSec)} | ${bareResult.p50} | ${bareResult.p99} | ${bareResult.errors} |
| gateway tool from cache | ${fmt(cachedResult.requestsPerSec)} | ${cachedResult.p50} | ${cachedResult.p99} | ${cachedResult.errors} |

Cached tool throughput is **${fmt(ratio * 100)} %** of the bare route (goal: at least 60 %).

Added latency of a pass-through read at ${fmt(rate)} req/s for 5 s (paced, keep-alive, microsecond timing):
the simulator's \`GET /ticker\` called directly versus the gateway's \`get_ticker\` tool, which calls it through
the upstream layer (pool, breaker, retry policy).

| path | requests | p50 ms | p99 ms | errors |
| --- | ---: | ---: | ---: | ---: |
| simulator directly | ${fmt(direct.sent)} | ${fmt(direct.p50, 3)} | ${fmt(direct.p99, 3)} | ${direct.errors} |
| through the gateway | ${fmt(through.sent)} | ${fmt(through.p50, 3)} | ${fmt(through.p99, 3)} | ${through.errors} |

Added p99: **${fmt(added, 3)} ms** (goal: under 1 ms).`;
};
export default bench;
