import { cpus, loadavg } from 'node:os';
import { type Bench, fmt, load, stamp, stealMeter } from './bench.js';
import { DEPLOYED_HEADERS, type DeployedGateway, startDeployedGateway } from './deployed-gateway.js';
import { median } from './gateway-latency.js';

/**
 * What the Prometheus metrics cost the polled-tool path: two deployed gateways side by side, one with
 * metrics on (the default) and one with METRICS_ENABLED=false, loaded in alternating rounds with
 * `get_instruments {"exchange":"perpdex"}` from a warm cache (goal: metrics-on throughput at least 0.95 of
 * metrics-off). Alternating, and swapping which goes first each round, spreads the drift of a shared machine
 * over both.
 */
const ROUNDS = 8;
const ROUND_SECONDS = 3;
const INSTRUMENTS = '/mcp/tools/get_instruments';
const INSTRUMENTS_BODY = JSON.stringify({ exchange: 'perpdex' });

interface Sample {
  requestsPerSec: number;
  cpuUs: number;
  p99: number;
  errors: number;
}

async function measured(gateway: DeployedGateway): Promise<Sample> {
  const before = gateway.cpuMs();
  const result = await load(`${gateway.url}${INSTRUMENTS}`, {
    seconds: ROUND_SECONDS,
    method: 'POST',
    body: INSTRUMENTS_BODY,
    headers: DEPLOYED_HEADERS,
  });
  const answered = Math.max(1, result.requestsPerSec * ROUND_SECONDS);
  return { ...result, cpuUs: ((gateway.cpuMs() - before) * 1000) / answered };
}

/** The scrape after the load: its size, its series and how long it took to answer. */
async function scrapeOf(gateway: DeployedGateway) {
  const started = performance.now();
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  const ms = performance.now() - started;
  const series = text.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;
  return { bytes: text.length, series, ms };
}

const bench: Bench = async () => {
  const loadBefore = loadavg()[0]!;
  const on = await startDeployedGateway();
  const off = await startDeployedGateway({ METRICS_ENABLED: 'false' });
  try {
    for (const gateway of [on, off]) {
      const warm = await gateway.call(INSTRUMENTS, { exchange: 'perpdex' });
      if (!warm.ok) throw new Error(`warm-up answered ${warm.status}`);
      await warm.arrayBuffer();
    }
    if ((await fetch(`${off.url}/metrics`)).status !== 404) throw new Error('metrics are not off');
    // An unmeasured round each, so neither is measured while V8 still compiles its hot path.
    for (const gateway of [on, off]) await measured(gateway);
    const rows: string[] = [];
    const ratios: number[] = [];
    const samples: { on: Sample; off: Sample }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const steal = stealMeter();
      const order = round % 2 === 1 ? ([on, off] as const) : ([off, on] as const);
      const first = await measured(order[0]);
      const second = await measured(order[1]);
      const [withMetrics, without] = order[0] === on ? [first, second] : [second, first];
      ratios.push(withMetrics.requestsPerSec / without.requestsPerSec);
      samples.push({ on: withMetrics, off: without });
      rows.push(
        `| ${round} | ${order[0] === on ? 'on' : 'off'} | ${fmt(without.requestsPerSec)} | ${fmt(withMetrics.requestsPerSec)} | ${fmt(withMetrics.requestsPerSec / without.requestsPerSec, 3)} | ${fmt(without.cpuUs, 1)} | ${fmt(withMetrics.cpuUs, 1)} | ${without.p99} / ${withMetrics.p99} | ${without.errors + withMetrics.errors} | ${fmt(steal(), 1)} |`,
      );
    }
    const scraped = await scrapeOf(on);
    const loadAfter = loadavg()[0]!;
    const offCpu = median(samples.map((pair) => pair.off.cpuUs));
    const onCpu = median(samples.map((pair) => pair.on.cpuUs));
    return `## Gateway metrics cost on the polled-tool path (${stamp()})

Two gateways as \`npm start\` deploys them (compiled, sim profile, request log on, written to a file), one with
metrics on (the default) and one with \`METRICS_ENABLED=false\`, started side by side. Each round loads
\`POST ${INSTRUMENTS} {"exchange":"perpdex"}\` from a warm cache on one, then on the other (${ROUND_SECONDS} s
each, 10 connections, autocannon, after an unmeasured warm-up round on each); the first one alternates by round.
With metrics on, a call adds to its route's tallies (count, latency sum and bucket) and the upstream cache's hit
tally, plain numbers read into the exposition only when scraped.

| round | first | off req/s | on req/s | on / off | off CPU µs/req | on CPU µs/req | p99 ms off / on | errors | steal % |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}

Median **${fmt(median(ratios), 3)}** of the metrics-off throughput (goal: at least 0.95); median CPU per request
${fmt(offCpu, 1)} µs off, ${fmt(onCpu, 1)} µs on. The scrape after the load: ${fmt(scraped.series)} samples,
${fmt(scraped.bytes / 1024, 1)} KiB, answered in ${fmt(scraped.ms, 1)} ms. Machine load average (1 min)
${fmt(loadBefore, 1)} before the run and ${fmt(loadAfter, 1)} after, on ${cpus().length} cores: above the core
count, other work shared the machine, and single rounds swing by tens of percent either way; only the median of
alternating rounds means anything.
`;
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
};

export default bench;
