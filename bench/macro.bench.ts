import { performance } from 'node:perf_hooks';
import { XMLParser } from 'fast-xml-parser';
import { parseTreasuryFeed } from '../apps/gateway/src/providers/treasury/treasury-xml.js';
import { dayNumber } from '../packages/sim/src/macro/calendar-days.js';
import { renderFeed, selectDays } from '../packages/sim/src/macro/treasury/treasury-feed.js';
import { type Bench, fmt, loadNote, stamp, stealMeter } from './bench.js';
import { DEPLOYED_HEADERS, startDeployedGateway } from './deployed-gateway.js';
import { median } from './gateway-latency.js';
import { measured, ROUND_SECONDS, startBare, WARM_UP_SECONDS, warmUp } from './gateway-polling.bench.js';

/**
 * The macro namespace's two costs (issue #21):
 * 1. a warm `get_market_overview` (eleven Yahoo charts from the gateway's cache, assembled into quotes) on the
 *    gateway as `npm start` deploys it, against a bare Fastify route answering the same bytes (goal: at least
 *    0.6 of its throughput), alternating rounds;
 * 2. parsing a year of Treasury's yield-curve XML with the gateway's parser, next to fast-xml-parser's own
 *    speed on the same text (validation plus parse, as the gateway parses; and parse alone).
 */
const ROUNDS = 5;
const OVERVIEW = '/mcp-macro/tools/get_market_overview';
const PARSE_RUNS = 40;

async function overviewThroughput() {
  const gateway = await startDeployedGateway();
  try {
    const warm = await gateway.call(OVERVIEW, {});
    if (!warm.ok) throw new Error(`get_market_overview answered ${warm.status}`);
    const bytes = Buffer.from(await warm.arrayBuffer());
    const bare = await startBare(bytes);
    const rows: string[] = [];
    const ratios: number[] = [];
    try {
      const bareHeaders = { 'content-type': 'application/json' };
      await warmUp(bare.url, bareHeaders, '{}');
      await warmUp(`${gateway.url}${OVERVIEW}`, DEPLOYED_HEADERS, '{}');
      for (let round = 1; round <= ROUNDS; round++) {
        const steal = stealMeter();
        const b = await measured(bare.cpuMs, bare.url, bareHeaders, '{}');
        const g = await measured(gateway.cpuMs, `${gateway.url}${OVERVIEW}`, DEPLOYED_HEADERS, '{}');
        ratios.push(g.requestsPerSec / b.requestsPerSec);
        rows.push(
          `| ${round} | ${fmt(b.requestsPerSec)} | ${fmt(g.requestsPerSec)} | ${fmt((g.requestsPerSec / b.requestsPerSec) * 100)} % | ${fmt(b.cpuUs)} | ${fmt(g.cpuUs)} | ${g.p99} | ${b.errors + g.errors} | ${fmt(steal(), 1)} |`,
        );
      }
    } finally {
      bare.stop();
    }
    return { rows, ratio: median(ratios), bytes: bytes.length };
  } finally {
    await gateway.stop();
  }
}

/** MB/s of `parse` over `text`, the median of PARSE_RUNS runs after a warm-up. */
function speed(text: string, parse: (text: string) => unknown): number {
  const megabytes = Buffer.byteLength(text) / 1e6;
  for (let i = 0; i < 5; i++) parse(text);
  const rates: number[] = [];
  for (let i = 0; i < PARSE_RUNS; i++) {
    const start = performance.now();
    parse(text);
    rates.push(megabytes / ((performance.now() - start) / 1000));
  }
  return median(rates);
}

function treasuryParsing() {
  const days = selectDays({ year: 2025 }, dayNumber('2025-12-31'));
  const text = renderFeed(20_251_231, days, '2026-01-02T14:00:00Z');
  const namespaced = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
  const defaults = new XMLParser();
  return {
    bytes: Buffer.byteLength(text),
    entries: days.length,
    gateway: speed(text, parseTreasuryFeed),
    validated: speed(text, (t) => namespaced.parse(t, true)),
    raw: speed(text, (t) => defaults.parse(t)),
  };
}

const bench: Bench = async () => {
  const xml = treasuryParsing();
  const loaded = loadNote();
  const tp = await overviewThroughput();
  const note = loaded();
  return `## Macro namespace (${stamp()})

**1. Warm \`get_market_overview\`**: the gateway as \`npm start\` deploys it (compiled, sim profile, request log
on), \`POST ${OVERVIEW} {}\` answered from the Yahoo cache (${fmt(tp.bytes)} bytes: ten quotes and the VIX,
assembled again only when a cached chart changed), against a bare Fastify route in its own process answering the same bytes, ${ROUNDS}
alternating rounds of ${ROUND_SECONDS} s, 10 connections, after ${WARM_UP_SECONDS} s of the same load on each.

| round | bare req/s | tool req/s | tool / bare | bare CPU µs/req | tool CPU µs/req | tool p99 ms | errors | steal % |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${tp.rows.join('\n')}

Median **${fmt(tp.ratio * 100)} %** of the bare route (goal: at least 60 %). ${note}

**2. A year of Treasury par yield curve XML** (the simulator's 2025 feed: ${xml.entries} entries,
${fmt(xml.bytes / 1e6, 2)} MB), median of ${PARSE_RUNS} runs:

| parser | MB/s |
| --- | ---: |
| gateway \`parseTreasuryFeed\` (validate, parse, read the curves, sort) | ${fmt(xml.gateway, 1)} |
| fast-xml-parser, validate + parse with the gateway's options | ${fmt(xml.validated, 1)} |
| fast-xml-parser, parse alone, default options | ${fmt(xml.raw, 1)} |

The gateway reads the feed at ${fmt((xml.gateway / xml.validated) * 100)} % of the speed of the fast-xml-parser call it
makes (walking the entries into curves costs little next to parsing); validating before parsing (so that a truncated
body is a 502, not a shorter year) and keeping attributes cost the rest of the way to the parser's raw speed.
`;
};

export default bench;
