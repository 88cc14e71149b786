import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { bundleService } from '../scripts/bundle-service.js';
import {
  type Bench,
  fmt,
  type LoadResult,
  load,
  type SchedUse,
  schedMeter,
  stamp,
  stealMeter,
} from './bench.js';
import type { GcReport } from './gc-watch.js';

const BENCH_TOKEN = 'bench-testnet-token';
const THROUGHPUT_ROUNDS = 5;
const ROUND_SECONDS = 3;
const LATENCY_ROUNDS = 5;
const LATENCY_ROUND_SECONDS = 5;
const TOOL_HEADERS = {
  'content-type': 'application/json',
  authorization: `Bearer ${BENCH_TOKEN}`,
  'x-bot-tag': 'bench',
};

interface Paced {
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
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), sent, errors };
}

/**
 * Starts a script in a child process and waits for the JSON line it prints when listening: a bench/*.ts
 * file through tsx, or a compiled .js file by node alone.
 */
async function startProcess<T>(
  script: string,
  args: string[],
  ipc = false,
): Promise<{ child: ChildProcess; printed: T }> {
  const command = script.endsWith('.js')
    ? [script]
    : ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))];
  const child = spawn(process.execPath, [...command, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline !== -1) resolve(buffered.slice(0, newline));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, printed: JSON.parse(line) as T };
}

/**
 * The ticker simulator in one child process (a venue is remote in production) and the gateway and bare
 * route in another (bench/gateway-bench-server.ts, compiled), pointed at it.
 */
async function startServers(): Promise<{
  urls: { gateway: string; bare: string; sim: string };
  pids: { server: number; sim: number };
  cpuMs: () => number;
  /** GC pauses of the server process between the two calls. */
  watch: () => void;
  report: () => Promise<GcReport>;
  stop: () => void;
}> {
  const sim = await startProcess<{ test: string; live: string }>('gateway-bench-sim.ts', []);
  // Compiled, as `npm run start:gateway` runs the gateway (docs/decisions.md, "The services run compiled").
  const serverJs = await bundleService({
    entryPoints: {
      'gateway-bench-server': fileURLToPath(new URL('gateway-bench-server.ts', import.meta.url)),
    },
    outdir: fileURLToPath(new URL('dist', import.meta.url)),
  });
  const server = await startProcess<{ gateway: string; bare: string }>(
    serverJs,
    [BENCH_TOKEN, JSON.stringify(sim.printed)],
    true,
  );
  const { child } = server;
  // utime + stime of the server process in ms (Linux clock ticks of 10 ms).
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  return {
    urls: { ...server.printed, sim: sim.printed.test },
    pids: { server: child.pid ?? 0, sim: sim.child.pid ?? 0 },
    cpuMs,
    watch: () => child.send('watch'),
    report: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as GcReport));
        child.send('report');
      }),
    stop: () => {
      child.kill('SIGTERM');
      sim.child.kill('SIGTERM');
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const bench: Bench = async () => {
  const { urls, pids, cpuMs, watch, report, stop } = await startServers();
  // Server CPU per request (µs) alongside each round: robust to what else the machine is running.
  const measured = async (run: () => Promise<LoadResult>) => {
    const before = cpuMs();
    const result = await run();
    const requests = result.requestsPerSec * ROUND_SECONDS;
    return { ...result, cpuUsPerRequest: ((cpuMs() - before) * 1000) / Math.max(1, requests) };
  };
  // Rounds in pairs, bare route then tool, and the ratio taken within each pair: neighbours share the machine's
  // state (other guests on the host, background load) far more than rounds a minute apart.
  type Measured = LoadResult & { cpuUsPerRequest: number };
  const pairs: { bare: Measured; cached: Measured; stealPct: number }[] = [];
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    const steal = stealMeter();
    const bare = await measured(() =>
      load(`${urls.bare}/tools/get_cached_ticker`, {
        seconds: ROUND_SECONDS,
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    const cached = await measured(() =>
      load(`${urls.gateway}/mcp-ticker/tools/get_cached_ticker`, {
        seconds: ROUND_SECONDS,
        method: 'POST',
        body: '{}',
        headers: TOOL_HEADERS,
      }),
    );
    pairs.push({ bare, cached, stealPct: steal() });
  }
  const ratios = pairs.map((pair) => pair.cached.requestsPerSec / pair.bare.requestsPerSec);
  const ratio = median(ratios);
  const cpuShare = median(pairs.map((pair) => pair.bare.cpuUsPerRequest / pair.cached.cpuUsPerRequest));
  const pairRows = pairs
    .map(
      ({ bare, cached, stealPct }, i) =>
        `| ${i + 1} | ${fmt(bare.requestsPerSec)} | ${fmt(cached.requestsPerSec)} | ${fmt((ratios[i] ?? 0) * 100)} % | ${fmt(bare.cpuUsPerRequest)} | ${fmt(cached.cpuUsPerRequest)} | ${cached.p99} | ${bare.errors + cached.errors} | ${fmt(stealPct, 1)} |`,
    )
    .join('\n');

  const rate = 1000;
  const direct = { method: 'GET', path: '/ticker?symbol=BTC' } as const;
  const through = {
    method: 'POST',
    path: '/mcp-ticker/tools/get_ticker',
    body: JSON.stringify({ symbol: 'BTC' }),
    headers: TOOL_HEADERS,
  } as const;
  const WARM_UP_SECONDS = 3;
  // Warm-up, not recorded: the throughput rounds never ran this path (JIT, the gateway's upstream pool opening
  // its connections). Steady state is what a running gateway adds.
  await paced(urls.sim, rate, WARM_UP_SECONDS, direct);
  await paced(urls.gateway, rate, WARM_UP_SECONDS, through);
  // The main threads of the three processes, per request: CPU time and time spent runnable but not running
  // (waiting for a CPU after a wake-up). Read from /proc, so the watch adds no wake-up to the paths it watches.
  const perRequest = (use: SchedUse, requests: number) => ({
    runUs: (use.runMs * 1000) / requests,
    waitUs: (use.waitMs * 1000) / requests,
  });
  const scheduled = async (run: () => Promise<Paced>) => {
    const meters = [pids.server, pids.sim, process.pid].map(schedMeter);
    const result = await run();
    const [server, sim, client] = meters.map((stop) => perRequest(stop(), Math.max(1, result.sent)));
    return { result, server: server ?? { runUs: 0, waitUs: 0 }, sim, client };
  };
  const rounds: {
    direct: Paced;
    through: Paced;
    directWaitUs: number;
    throughWaitUs: number;
    gatewayRunUs: number;
    gc: GcReport;
    stealPct: number;
  }[] = [];
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    const steal = stealMeter();
    const directRound = await scheduled(() => paced(urls.sim, rate, LATENCY_ROUND_SECONDS, direct));
    watch();
    const throughRound = await scheduled(() => paced(urls.gateway, rate, LATENCY_ROUND_SECONDS, through));
    const waited = (r: typeof directRound, withGateway: boolean) =>
      (r.sim?.waitUs ?? 0) + (r.client?.waitUs ?? 0) + (withGateway ? r.server.waitUs : 0);
    rounds.push({
      direct: directRound.result,
      through: throughRound.result,
      directWaitUs: waited(directRound, false),
      throughWaitUs: waited(throughRound, true),
      gatewayRunUs: throughRound.server.runUs,
      gc: await report(),
      stealPct: steal(),
    });
  }
  stop();

  const added = (q: 'p50' | 'p90' | 'p99') => median(rounds.map((r) => r.through[q] - r.direct[q]));
  const pacedRows = rounds
    .flatMap((r, i) => [
      `| ${i + 1} | simulator directly | ${fmt(r.direct.sent)} | ${fmt(r.direct.p50, 3)} | ${fmt(r.direct.p90, 3)} | ${fmt(r.direct.p99, 3)} | ${r.direct.errors} |`,
      `| ${i + 1} | through the gateway | ${fmt(r.through.sent)} | ${fmt(r.through.p50, 3)} | ${fmt(r.through.p90, 3)} | ${fmt(r.through.p99, 3)} | ${r.through.errors} |`,
    ])
    .join('\n');
  const schedRows = rounds
    .map(
      (r, i) =>
        `| ${i + 1} | ${fmt(r.through.p99 - r.direct.p99, 3)} | ${fmt(r.directWaitUs)} | ${fmt(r.throughWaitUs)} | ${fmt(r.gatewayRunUs)} | ${r.gc.count} (${r.gc.major} full) | ${fmt(r.gc.maxMs, 1)} | ${fmt(r.stealPct, 1)} |`,
    )
    .join('\n');
  return `## Gateway overhead (${stamp()})

The gateway and a bare Fastify route (no logger, no hooks) share one child process, compiled as
\`npm run start:gateway\` runs the gateway; the load comes from the parent. Throughput: POST with the same JSON
body \`{}\` to both (the tool's request also carries its bearer token and bot tag), 10 connections, ${THROUGHPUT_ROUNDS} rounds of ${ROUND_SECONDS} s each, bare route and tool in turn. The gateway path runs the
whole frame: bearer check (two constant-time compares), bot tag, body validation, response serialisation with
the frame fields and headers, the request log (pino, every field, through the destination it has in production,
a synchronous write per line, here to /dev/null) and the tool handler answering from its cache. Both answer with one socket write per response.

| round | bare route req/s | tool req/s | tool / bare | bare CPU µs/request | tool CPU µs/request | tool p99 ms | errors | CPU stolen by the host % |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${pairRows}

Cached tool throughput is **${fmt(ratio * 100)} %** of the bare route, the median of the rounds (goal: at least 60 %);
by server CPU per request the bare route costs ${fmt(cpuShare * 100)} % of the tool (median).
The CPU figure is the steadier one when other work shares the machine (the load generator is client-bound too);
it also falls as the rate rises (more requests per event-loop wake-up), so the bare route's is taken at a higher
rate than the tool's. Steal is the share of CPU time the virtual machine's host gave to other guests during the
round: where it is high, both figures of that round measure the host more than the code.

Added latency of a pass-through read at ${fmt(rate)} req/s (paced, keep-alive, microsecond timing): the
simulator's \`GET /ticker\` called directly versus the gateway's \`get_ticker\` tool, which calls it through the
upstream layer (pool, breaker, retry policy). The simulator runs in a process of its own, as a venue is remote in
production; in the gateway's process it would add its own work and garbage to every pass-through call. Both paths
are warmed up for ${WARM_UP_SECONDS} s first (the throughput rounds never ran this one), then measured in ${LATENCY_ROUNDS} interleaved rounds
of ${LATENCY_ROUND_SECONDS} s each.

| round | path | requests | p50 ms | p90 ms | p99 ms | errors |
| ---: | --- | ---: | ---: | ---: | ---: | ---: |
${pacedRows}

Added latency, median of the ${LATENCY_ROUNDS} rounds: p50 **${fmt(added('p50'), 3)} ms**, p90 **${fmt(added('p90'), 3)} ms**,
p99 **${fmt(added('p99'), 3)} ms** (goal: p99 under 1 ms).

Where the time went, per request, from the kernel's scheduler statistics of each process's main thread
(/proc/<pid>/schedstat, read from outside, so watching adds no wake-up to the path): the time the processes on the
path spent runnable but waiting for a CPU (a wake-up on a virtual machine waits for the host to run the halted
virtual CPU), and the gateway's CPU time including its socket system calls. GC pauses are the gateway's
(perf_hooks); steal is the CPU time the host gave to other guests.

| round | added p99 ms | waited for a CPU, direct path µs/request | waited for a CPU, through the gateway µs/request | gateway CPU µs/request | gateway GC pauses | longest GC ms | CPU stolen by the host % |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${schedRows}

Load average during the run: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ', ',
    )} on ${cpus().length} CPUs. The path through the gateway wakes two processes more per request than the
direct call (the gateway for the call, and again for the simulator's answer), and each wake-up waits for a CPU:
the two waiting columns. At 1,000 requests/s the machine is mostly idle, its virtual CPUs halt between requests,
and every wake-up goes through the host; this is also why the gateway's CPU time per paced request is several
times its cost under full load in the throughput rounds, where one wake-up serves many requests. On such a host
a path with more wake-ups has a longer tail whatever its code does: the p99 of 5,000 requests is the 50th
slowest, and a few delays of a millisecond per second are enough to set it.`;
};
export default bench;
