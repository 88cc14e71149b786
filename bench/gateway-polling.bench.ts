import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { type Bench, fmt, load, loadNote, stamp, stealMeter } from './bench.js';
import {
  DEPLOYED_HEADERS,
  type DeployedGateway,
  freePort,
  startDeployedGateway,
} from './deployed-gateway.js';
import { median } from './gateway-latency.js';

/**
 * What a polling bot costs the gateway and the venues, on the gateway as `npm start` deploys it:
 * 1. `get_instruments {"exchange":"perpdex"}` from a warm cache, against a bare Fastify route answering the
 *    same bytes, in alternating rounds (goal: at least 0.6 of its throughput);
 * 2. 50 clients polling the common tools, and the upstream calls per second each venue's simulator saw
 *    (goal: within each venue's documented limit).
 */
const ROUNDS = 5;
/** Busy work added to the bare route per request, µs: what a little per-call work costs on this machine. */
const CALIBRATION_US = [5, 10, 20];
export const ROUND_SECONDS = 3;
const POLL_SECONDS = 20;
const INSTRUMENTS = '/mcp/tools/get_instruments';
const INSTRUMENTS_BODY = JSON.stringify({ exchange: 'perpdex' });

export async function startBare(bytes: Buffer, busyUs = 0) {
  const dir = mkdtempSync(join(tmpdir(), 'bare-bytes-'));
  writeFileSync(join(dir, 'body.json'), bytes);
  const port = await freePort();
  const script = fileURLToPath(new URL('bare-bytes-server.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, join(dir, 'body.json'), String(port), String(busyUs)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve) => child.stdout?.once('data', resolve));
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  return {
    url: `http://127.0.0.1:${port}/tools/get_instruments`,
    cpuMs,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Load before the measured rounds, for the bare route and the gateway alike: a service's JIT reaches its steady
 * code only after some thousands of calls (the gateway's first 3 s round ran at half the speed of the next
 * ones on a slow VM), and a polling bot meets the gateway long after that.
 */
export const WARM_UP_SECONDS = 5;

export async function warmUp(url: string, headers: Record<string, string>, body = INSTRUMENTS_BODY) {
  await load(url, { seconds: WARM_UP_SECONDS, method: 'POST', body, headers });
}

export async function measured(
  cpuMs: () => number,
  url: string,
  headers: Record<string, string>,
  body = INSTRUMENTS_BODY,
) {
  const before = cpuMs();
  const result = await load(url, { seconds: ROUND_SECONDS, method: 'POST', body, headers });
  const cpuUs = ((cpuMs() - before) * 1000) / Math.max(1, result.requestsPerSec * ROUND_SECONDS);
  return { ...result, cpuUs };
}

async function throughput(gateway: DeployedGateway) {
  const warm = await gateway.call(INSTRUMENTS, { exchange: 'perpdex' });
  const bytes = Buffer.from(await warm.arrayBuffer());
  const bare = await startBare(bytes);
  const rows: string[] = [];
  const ratios: number[] = [];
  await warmUp(bare.url, { 'content-type': 'application/json' });
  await warmUp(`${gateway.url}${INSTRUMENTS}`, DEPLOYED_HEADERS);
  for (let round = 1; round <= ROUNDS; round++) {
    const steal = stealMeter();
    const b = await measured(bare.cpuMs, bare.url, { 'content-type': 'application/json' });
    const g = await measured(gateway.cpuMs, `${gateway.url}${INSTRUMENTS}`, DEPLOYED_HEADERS);
    ratios.push(g.requestsPerSec / b.requestsPerSec);
    rows.push(
      `| ${round} | ${fmt(b.requestsPerSec)} | ${fmt(g.requestsPerSec)} | ${fmt((g.requestsPerSec / b.requestsPerSec) * 100)} % | ${fmt(b.cpuUs)} | ${fmt(g.cpuUs)} | ${g.p99} | ${b.errors + g.errors} | ${fmt(steal(), 1)} |`,
    );
  }
  bare.stop();
  return { rows, ratio: median(ratios), bytes: bytes.length, body: bytes };
}

/**
 * The bare route against itself with a few µs of busy work per answer, in alternating pairs: on a small VM
 * with the load generator beside the server, each µs of work per request costs more than a µs of throughput
 * (answers wake an idle client), so this says what "0.6 of the bare route" leaves for a tool's whole frame.
 */
async function calibration(bytes: Buffer) {
  const bare = await startBare(bytes);
  const rows: string[] = [];
  try {
    for (const busyUs of CALIBRATION_US) {
      const busy = await startBare(bytes, busyUs);
      const ratios: number[] = [];
      for (let round = 0; round < 2; round++) {
        const b = await measured(bare.cpuMs, bare.url, { 'content-type': 'application/json' });
        const w = await measured(busy.cpuMs, busy.url, { 'content-type': 'application/json' });
        ratios.push(w.requestsPerSec / b.requestsPerSec);
      }
      busy.stop();
      rows.push(`| ${busyUs} | ${ratios.map((r) => `${fmt(r * 100)} %`).join(', ')} |`);
    }
  } finally {
    bare.stop();
  }
  return rows;
}

interface SimStats {
  hits: Record<string, number>;
}

/** The simulators behind the gateway, found where readiness names them. */
async function simulatorOrigins(gateway: DeployedGateway): Promise<Map<string, string>> {
  const ready = (await (await fetch(`${gateway.url}/health/ready`)).json()) as {
    upstreams: { name: string; environment: string; base_url: string }[];
  };
  return new Map(
    ready.upstreams
      .filter((upstream) => upstream.environment === 'test')
      .map((upstream) => [upstream.name, new URL(upstream.base_url).origin]),
  );
}

const totalHits = async (origin: string) => {
  const stats = (await (await fetch(`${origin}/__sim/stats`)).json()) as SimStats;
  return Object.values(stats.hits).reduce((sum, n) => sum + n, 0);
};

/** The probe's poll: BTC 1h over the last 30 days, to today (the still-forming bar included). */
const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const LAST_30_DAYS = {
  instrument: 'BTC',
  interval: '1h',
  start_date: isoDate(Date.now() - 30 * day),
  end_date: isoDate(Date.now()),
};
const POLLED = [
  { path: '/mcp/tools/get_historical', body: LAST_30_DAYS, connections: 17 },
  { path: '/mcp/tools/get_indicators', body: LAST_30_DAYS, connections: 17 },
  { path: INSTRUMENTS, body: { exchange: 'perpdex' }, connections: 16 },
];

async function poll(gateway: DeployedGateway) {
  const sims = await simulatorOrigins(gateway);
  const before = new Map(
    await Promise.all([...sims].map(async ([name, origin]) => [name, await totalHits(origin)] as const)),
  );
  const results = await Promise.all(
    POLLED.map(({ path, body, connections }) =>
      autocannon({
        url: `${gateway.url}${path}`,
        method: 'POST',
        headers: DEPLOYED_HEADERS,
        body: JSON.stringify(body),
        connections,
        duration: POLL_SECONDS,
      }),
    ),
  );
  const calls = await Promise.all(
    [...sims].map(async ([name, origin]) => ({
      name,
      perSecond: ((await totalHits(origin)) - (before.get(name) ?? 0)) / POLL_SECONDS,
    })),
  );
  const rows = results.map((result, i) => {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stats]) => `${code}: ${fmt(stats?.count ?? 0)}`)
      .join(', ');
    return `| \`${POLLED[i]!.path.split('/').pop()}\` | ${POLLED[i]!.connections} | ${fmt(result.requests.average)} | ${result.latency.p99} | ${codes} | ${result.errors} |`;
  });
  return { rows, calls };
}

const bench: Bench = async () => {
  const loaded = loadNote();
  const gateway = await startDeployedGateway();
  try {
    const tp = await throughput(gateway);
    const note = loaded();
    const calibrated = await calibration(tp.body);
    const polled = await poll(gateway);
    const limits: Record<string, string> = {
      optx: 'Deribit: 20 requests/s sustained (credits), get_instruments about 1/s',
      perpdex: 'Hyperliquid: 1,200 weight/min per IP, 20 + per candle request',
    };
    return `## Gateway under polling bots (${stamp()})

The gateway as \`npm start\` deploys it (compiled, sim profile with its simulators in-process, request log on,
written to a file), started fresh. **1. Warm cache throughput**: \`POST /mcp/tools/get_instruments
{"exchange":"perpdex"}\` (${fmt(tp.bytes)} bytes answered) against a bare Fastify route in a process of its
own answering the same bytes, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s, 10 connections, after ${WARM_UP_SECONDS} s
of the same load on each.

| round | bare req/s | tool req/s | tool / bare | bare CPU µs/req | tool CPU µs/req | tool p99 ms | errors | steal % |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${tp.rows.join('\n')}

Median **${fmt(tp.ratio * 100)} %** of the bare route (goal: at least 60 %). ${note}

Calibration, same bytes: the bare route with busy work added before each answer, against the bare route, two
alternating rounds each. What 60 % of the bare route leaves for everything a tool call does on top of it:

| busy µs per request | throughput / bare route |
| ---: | ---: |
${calibrated.join('\n')}

**2. 50 clients polling** the common tools for ${POLL_SECONDS} s (autocannon, keep-alive, each client as
fast as answers come; get_historical and get_indicators BTC 1h over the last 30 days to today, consensus of both
venues), then the upstream calls each venue's simulator counted:

| tool | clients | answers/s | p99 ms | statuses | errors |
| --- | ---: | ---: | ---: | --- | ---: |
${polled.rows.join('\n')}

| venue | upstream calls/s | the venue's documented limit |
| --- | ---: | --- |
${polled.calls.map((c) => `| ${c.name} | ${fmt(c.perSecond, 1)} | ${limits[c.name] ?? ''} |`).join('\n')}
`;
  } finally {
    await gateway.stop();
  }
};

export default bench;
