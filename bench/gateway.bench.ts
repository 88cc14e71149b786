import { cpus, loadavg } from 'node:os';
import { type Bench, fmt, stamp } from './bench.js';
import {
  LATENCY_RATE,
  LATENCY_ROUND_SECONDS,
  LATENCY_ROUNDS,
  latencyRounds,
  latencyTables,
  median,
  WARM_UP_SECONDS,
} from './gateway-latency.js';
import { startServers } from './gateway-processes.js';
import { TOOL_HEADERS, throughputPairs } from './gateway-throughput.js';

const THROUGHPUT_ROUNDS = 5;
const ROUND_SECONDS = 3;

const bench: Bench = async () => {
  const servers = await startServers('separate');
  // Server CPU per request (µs) alongside each round, rounds in pairs (bench/gateway-throughput.ts).
  const pairs = await throughputPairs(servers, THROUGHPUT_ROUNDS, ROUND_SECONDS);
  const ratios = pairs.map((pair) => pair.cached.requestsPerSec / pair.bare.requestsPerSec);
  const ratio = median(ratios);
  const cpuShare = median(pairs.map((pair) => pair.bare.cpuUsPerRequest / pair.cached.cpuUsPerRequest));
  const pairRows = pairs
    .map(
      ({ bare, cached, stealPct }, i) =>
        `| ${i + 1} | ${fmt(bare.requestsPerSec)} | ${fmt(cached.requestsPerSec)} | ${fmt((ratios[i] ?? 0) * 100)} % | ${fmt(bare.cpuUsPerRequest)} | ${fmt(cached.cpuUsPerRequest)} | ${cached.p99} | ${bare.errors + cached.errors} | ${fmt(stealPct, 1)} |`,
    )
    .join('\n');

  const separate = await latencyRounds(servers, TOOL_HEADERS);
  servers.stop();
  const local = await startServers('in-process');
  const inProcess = await latencyRounds(local, TOOL_HEADERS);
  local.stop();
  const separateTables = latencyTables(separate);
  const inProcessTables = latencyTables(inProcess);
  const summary = (result: typeof separate) =>
    `p50 **${fmt(result.added('p50'), 3)} ms**, p90 **${fmt(result.added('p90'), 3)} ms**, p99 **${fmt(result.added('p99'), 3)} ms**`;

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

Added latency of a pass-through read at ${fmt(LATENCY_RATE)} req/s (paced, keep-alive, microsecond timing): the
simulator's \`GET /ticker\` called directly versus the gateway's \`get_ticker\` tool, which calls it through the
upstream layer (pool, breaker, retry policy). Both paths are warmed up for ${WARM_UP_SECONDS} s first, then measured in
${LATENCY_ROUNDS} alternating rounds of ${LATENCY_ROUND_SECONDS} s each; the added latency of a percentile is the median over the
rounds of (through the gateway − directly). Two set-ups, each in its own gateway process:

1. **Simulator in a process of its own**, as a venue is remote in production: the path through the gateway
   wakes one process more per call than the direct path.
2. **Simulator in the gateway's process**, as \`npm start\` runs the sim profile: both paths wake the same
   process once per call, so the difference is the gateway's own work, including its loopback call. The goal
   is judged on this set-up (docs/decisions.md, "Pass-through latency measured in two set-ups").

### 1. Simulator in a process of its own

${separateTables.paced}

Added latency: ${summary(separate)} (goal: p99 under 1 ms).

### 2. Simulator in the gateway's process

${inProcessTables.paced}

Added latency: ${summary(inProcess)} (goal: p99 under 1 ms).

### What the scheduler saw

Per request, from the kernel's scheduler statistics of each process's main thread (/proc/<pid>/schedstat, read
from outside, so watching adds no wake-up to the path): the time the processes on the path spent runnable but
waiting for a CPU (on a virtual machine a wake-up waits for the host to run the halted virtual CPU), and the
gateway process's CPU time including its socket system calls (in set-up 2 also the simulator's). GC pauses are
the gateway process's (perf_hooks); steal is the CPU time the host gave to other guests.

Set-up 1, simulator separate:

${separateTables.scheduled}

Set-up 2, simulator in the gateway's process:

${inProcessTables.scheduled}

Load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(
      ', ',
    )} on ${cpus().length} CPUs. At 1,000 requests/s the machine is mostly idle, its virtual CPUs halt between
requests and every wake-up goes through the host: this is why the gateway's CPU time per paced request is
several times its cost under full load in the throughput rounds, where one wake-up serves many requests. A path
with more wake-ups has a longer tail on such a host whatever its code does: the p99 of 5,000 requests is the
50th slowest, and a few delays of a millisecond per second are enough to set it.`;
};
export default bench;
