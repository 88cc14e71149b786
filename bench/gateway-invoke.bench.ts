/**
 * The gateway's tool invocation path, its cost per call in server CPU µs, next to a bare Fastify route in the
 * same process and the same run. Alone (about 55 s; writes only its own section of docs/benchmarks.md):
 *
 *   npm run bench gateway-invoke
 */
import { type Bench, fmt, stamp } from './bench.js';
import { median } from './gateway-latency.js';
import { startServers } from './gateway-processes.js';
import { throughputPairs } from './gateway-throughput.js';

const ROUNDS = 7;
const ROUND_SECONDS = 3;
const WARM_UP_SECONDS = 2;

const bench: Bench = async () => {
  // The simulator in the server's process: idle here (the cached tool calls no upstream), so the server is
  // the only process besides the load generator.
  const servers = await startServers('in-process');
  await throughputPairs(servers, 1, WARM_UP_SECONDS);
  const pairs = await throughputPairs(servers, ROUNDS, ROUND_SECONDS);
  servers.stop();

  const added = pairs.map(({ bare, cached }) => cached.cpuUsPerRequest - bare.cpuUsPerRequest);
  const rows = pairs
    .map(
      ({ bare, cached, stealPct }, i) =>
        `| ${i + 1} | ${fmt(bare.cpuUsPerRequest, 1)} | ${fmt(cached.cpuUsPerRequest, 1)} | ${fmt(added[i] ?? 0, 1)} | ${fmt(bare.requestsPerSec)} | ${fmt(cached.requestsPerSec)} | ${bare.errors + cached.errors} | ${fmt(stealPct, 1)} |`,
    )
    .join('\n');
  const of = (pick: (pair: (typeof pairs)[number]) => number) => median(pairs.map(pick));
  const bareUs = of((pair) => pair.bare.cpuUsPerRequest);
  const toolUs = of((pair) => pair.cached.cpuUsPerRequest);

  return `## Gateway tool invocation cost per call (${stamp()})

Server CPU (utime + stime of the one server process, compiled as \`npm run start:gateway\` runs the gateway) per
request, at full speed from the parent: POST \`{}\`, 10 connections, ${ROUNDS} pairs of ${ROUND_SECONDS} s rounds after a ${WARM_UP_SECONDS} s warm-up pair,
(a) the bare Fastify route, then (b) \`POST /mcp-ticker/tools/get_cached_ticker\` through the whole gateway:
bearer auth, bot tag, body validation, the frame's response, the request log as deployed (pino, synchronous
writes, here to /dev/null) and a handler answering from memory.

| pair | bare µs/req | tool µs/req | added µs/req | bare req/s | tool req/s | errors | CPU stolen by the host % |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows}

Median over the pairs: bare route **${fmt(bareUs, 1)} µs**, tool **${fmt(toolUs, 1)} µs** per request; the frame
adds **${fmt(median(added), 1)} µs** per call (median of the per-pair differences). Throughput: bare
${fmt(of((pair) => pair.bare.requestsPerSec))} req/s, tool ${fmt(of((pair) => pair.cached.requestsPerSec))} req/s (medians).
CPU per request falls as the rate rises (more requests per event-loop wake-up), so the bare route's is taken
at a higher rate than the tool's; a pair with high steal measures the host more than the code.`;
};
export default bench;
