import { Pool } from 'undici';
import { fmt, type SchedUse, schedMeter, stealMeter } from './bench.js';
import type { BenchServers } from './gateway-processes.js';
import type { GcReport } from './gc-watch.js';

export const LATENCY_RATE = 1000;
export const LATENCY_ROUNDS = 5;
export const LATENCY_ROUND_SECONDS = 5;
export const WARM_UP_SECONDS = 3;

export interface Paced {
  p50: number;
  p90: number;
  p99: number;
  sent: number;
  errors: number;
}

/**
 * Sends requests at a fixed rate (not as fast as possible) over keep-alive
 * sockets and measures each latency with a microsecond clock; autocannon's
 * whole-millisecond histogram cannot resolve a sub-millisecond difference.
 */
export async function paced(
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
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), sent, errors };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface LatencyRound {
  direct: Paced;
  through: Paced;
  /** Time the processes on each path spent runnable but waiting for a CPU, µs per request. */
  directWaitUs: number;
  throughWaitUs: number;
  /** The gateway process's main thread on a CPU, µs per request through it. */
  gatewayRunUs: number;
  gc: GcReport;
  stealPct: number;
}

export interface LatencyResult {
  rounds: LatencyRound[];
  added: (q: 'p50' | 'p90' | 'p99') => number;
}

/**
 * The pass-through read at LATENCY_RATE: the simulator's `GET /ticker` directly and the gateway's `get_ticker`
 * tool in alternating rounds after a warm-up of each, with the scheduler's view of every process on the path.
 */
export async function latencyRounds(
  { urls, pids, watch, report }: BenchServers,
  headers: Record<string, string>,
): Promise<LatencyResult> {
  const direct = { method: 'GET', path: '/ticker?symbol=BTC' } as const;
  const through = {
    method: 'POST',
    path: '/mcp-ticker/tools/get_ticker',
    body: JSON.stringify({ symbol: 'BTC' }),
    headers,
  } as const;
  // Warm-up, not recorded: the first calls of a path compile code and open the upstream pool's connections.
  await paced(urls.sim, LATENCY_RATE, WARM_UP_SECONDS, direct);
  await paced(urls.gateway, LATENCY_RATE, WARM_UP_SECONDS, through);
  // The main threads of the processes on the path, per request: CPU time and time spent runnable but not
  // running (waiting for a CPU after a wake-up). Read from /proc, so the watch adds no wake-up to the paths.
  const processes = [...new Set([pids.server, pids.sim, process.pid])];
  const perRequest = (use: SchedUse, requests: number) => ({
    runUs: (use.runMs * 1000) / requests,
    waitUs: (use.waitMs * 1000) / requests,
  });
  const scheduled = async (run: () => Promise<Paced>, onPath: number[]) => {
    const meters = processes.map((pid) => ({ pid, stop: schedMeter(pid) }));
    const result = await run();
    const uses = meters.map(({ pid, stop }) => ({ pid, ...perRequest(stop(), Math.max(1, result.sent)) }));
    return {
      result,
      waitUs: uses.filter(({ pid }) => onPath.includes(pid)).reduce((sum, use) => sum + use.waitUs, 0),
      gatewayRunUs: uses.find(({ pid }) => pid === pids.server)?.runUs ?? 0,
    };
  };
  const rounds: LatencyRound[] = [];
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    const steal = stealMeter();
    const directRound = await scheduled(
      () => paced(urls.sim, LATENCY_RATE, LATENCY_ROUND_SECONDS, direct),
      [pids.sim, process.pid],
    );
    watch();
    const throughRound = await scheduled(
      () => paced(urls.gateway, LATENCY_RATE, LATENCY_ROUND_SECONDS, through),
      processes,
    );
    rounds.push({
      direct: directRound.result,
      through: throughRound.result,
      directWaitUs: directRound.waitUs,
      throughWaitUs: throughRound.waitUs,
      gatewayRunUs: throughRound.gatewayRunUs,
      gc: await report(),
      stealPct: steal(),
    });
  }
  return { rounds, added: (q) => median(rounds.map((r) => r.through[q] - r.direct[q])) };
}

/** The two tables of a latency result: percentiles per path and round, and what the scheduler saw. */
export function latencyTables({ rounds }: LatencyResult): { paced: string; scheduled: string } {
  const pacedRows = rounds.flatMap((r, i) => [
    `| ${i + 1} | simulator directly | ${fmt(r.direct.sent)} | ${fmt(r.direct.p50, 3)} | ${fmt(r.direct.p90, 3)} | ${fmt(r.direct.p99, 3)} | ${r.direct.errors} |`,
    `| ${i + 1} | through the gateway | ${fmt(r.through.sent)} | ${fmt(r.through.p50, 3)} | ${fmt(r.through.p90, 3)} | ${fmt(r.through.p99, 3)} | ${r.through.errors} |`,
  ]);
  const schedRows = rounds.map(
    (r, i) =>
      `| ${i + 1} | ${fmt(r.through.p99 - r.direct.p99, 3)} | ${fmt(r.directWaitUs)} | ${fmt(r.throughWaitUs)} | ${fmt(r.gatewayRunUs)} | ${r.gc.count} (${r.gc.major} full) | ${fmt(r.gc.maxMs, 1)} | ${fmt(r.stealPct, 1)} |`,
  );
  return {
    paced: `| round | path | requests | p50 ms | p90 ms | p99 ms | errors |
| ---: | --- | ---: | ---: | ---: | ---: | ---: |
${pacedRows.join('\n')}`,
    scheduled: `| round | added p99 ms | waited for a CPU, direct path µs/request | waited for a CPU, through the gateway µs/request | gateway process CPU µs/request | gateway GC pauses | longest GC ms | CPU stolen by the host % |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${schedRows.join('\n')}`,
  };
}
