import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildGateway } from '../apps/gateway/build.js';
import { type Bench, fmt, stamp } from './bench.js';

/**
 * Memory and liveness of the gateway under concurrent long histories. The gateway runs as `npm start` deploys
 * it: compiled (apps/gateway/dist/main.js), started by node with only environment variables, default settings,
 * sim profile (the simulators in the gateway's own process). A fresh gateway gets four one-year 1m consensus
 * get_historical requests (BTC, four different years, so nothing is shared between them) at once; a second fresh
 * gateway gets eight. Meanwhile a worker thread of this process samples the gateway's resident memory
 * (/proc/<pid>/status, every 20 ms, read from outside so it adds nothing to the gateway) and calls GET /health
 * back to back (one call every 20 ms). The answers are read as bytes (candles counted, not parsed) by this
 * process's main thread, so the probe's own event loop is never held by them. Each answer's status is reported: a
 * simulator that rate-limits (as the real venues do) makes the pages slower, or some answers fail, and the table
 * says so.
 */

const TOKEN = 'bench-history-testnet-token';
const SAMPLE_MS = 20;
/**
 * When after the last answer the settled figures are read: V8 runs no full collection in an idle process at
 * first (the columns of finished answers wait for the next one), then its memory reducer does, about 30 s later.
 */
const SETTLED_AFTER_S = [10, 45];

interface ProbeReport {
  peakRssMb: number;
  rssMb: number;
  health: number[];
  healthErrors: number;
}

/** The probe, in a worker thread: plain JavaScript, so it needs no loader. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { performance } = require('node:perf_hooks');
const { pid, url, sampleMs } = workerData;
const rssMb = () => {
  try {
    const match = /VmRSS:\\s+(\\d+) kB/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'));
    return match ? (Number(match[1]) * 1024) / 1e6 : 0;
  } catch { return 0; } // the process has gone
};
let peak = rssMb();
let health = [];
let healthErrors = 0;
let running = true;
const timer = setInterval(() => { peak = Math.max(peak, rssMb()); }, sampleMs);
(async () => {
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(url + '/health');
      await response.text();
      if (!response.ok) healthErrors += 1;
    } catch { healthErrors += 1; }
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, sampleMs));
  }
})();
parentPort.on('message', (message) => {
  if (message === 'reset') { peak = rssMb(); health = []; healthErrors = 0; return; }
  if (message === 'report') {
    const now = rssMb();
    parentPort.postMessage({ peakRssMb: Math.max(peak, now), rssMb: now, health, healthErrors });
    return;
  }
  running = false;
  clearInterval(timer);
});
`;

function startProbe(pid: number, url: string) {
  const worker = new Worker(PROBE, { eval: true, workerData: { pid, url, sampleMs: SAMPLE_MS } });
  const ask = (message: 'reset' | 'report') =>
    new Promise<ProbeReport>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(message);
    });
  return {
    reset: () => worker.postMessage('reset'),
    report: () => ask('report'),
    stop: async () => {
      worker.postMessage('stop');
      await worker.terminate();
    },
  };
}

async function startGateway(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const main = await buildGateway();
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      GATEWAY_PORT: '0',
      DATA_DIR: dataDir,
      TESTNET_TOKEN: TOKEN,
      MAINNET_TOKEN: 'bench-history-mainnet-token',
      // A one-year 1m history is about 420 Deribit calls, and the gateway keeps to the venue's limit (about
      // 15 calls a second): four different years take minutes, not the default 10 s deadline. A deployment that
      // serves such histories sets the longest deadline the configuration allows, as this bench does.
      TOOL_DEADLINE_MS: '600000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      // The request log goes to stdout as deployed; only the start line is kept.
      if (stdout.length < 10_000) stdout += chunk.toString();
      const match = /gateway: (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  return { child, url };
}

interface Outcome {
  range: string;
  status: number;
  candles: number;
  bytes: number;
  seconds: number;
  error?: string;
  retryAfter?: string | null;
}

/** One get_historical call, its body read as bytes; candles are counted by their `"timestamp"` keys. */
async function history(url: string, start: string, end: string): Promise<Outcome> {
  const started = performance.now();
  const response = await fetch(`${url}/mcp/tools/get_historical`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'x-bot-tag': 'bench', 'content-type': 'application/json' },
    body: JSON.stringify({ instrument: 'BTC', interval: '1m', start_date: start, end_date: end }),
  });
  const range = `${start} … ${end}`;
  if (!response.ok) {
    const text = await response.text();
    let error = text.slice(0, 200);
    try {
      error = (JSON.parse(text) as { error: { code: string } }).error.code;
    } catch {}
    return {
      range,
      status: response.status,
      candles: 0,
      bytes: text.length,
      seconds: (performance.now() - started) / 1000,
      error,
      retryAfter: response.headers.get('retry-after'),
    };
  }
  const decoder = new TextDecoder();
  let bytes = 0;
  let candles = 0;
  let tail = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    const text = tail + decoder.decode(chunk, { stream: true });
    for (let at = text.indexOf('"timestamp"'); at !== -1; at = text.indexOf('"timestamp"', at + 1)) candles++;
    tail = text.slice(-10);
  }
  return { range, status: response.status, candles, bytes, seconds: (performance.now() - started) / 1000 };
}

/** One-year ranges ending on 23 November of consecutive years, newest first. */
function years(count: number): [string, string][] {
  return Array.from({ length: count }, (_, i) => [`${2025 - i}-11-24`, `${2026 - i}-11-23`]);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

interface Round {
  idleRssMb: number;
  peakRssMb: number;
  /** RSS at each of SETTLED_AFTER_S. */
  settledRssMb: number[];
  wallSeconds: number;
  outcomes: Outcome[];
  health: { count: number; p50: number; p99: number; max: number; errors: number };
}

async function round(concurrent: number): Promise<Round> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-history-bench-'));
  const { child, url } = await startGateway(dataDir);
  const probe = startProbe(child.pid ?? 0, url);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idle = await probe.report();
    probe.reset();
    const started = performance.now();
    const outcomes = await Promise.all(years(concurrent).map(([start, end]) => history(url, start, end)));
    const wallSeconds = (performance.now() - started) / 1000;
    const during = await probe.report();
    const settled: ProbeReport[] = [];
    let waited = 0;
    for (const seconds of SETTLED_AFTER_S) {
      await new Promise((resolve) => setTimeout(resolve, (seconds - waited) * 1000));
      waited = seconds;
      settled.push(await probe.report());
    }
    const latencies = during.health.slice().sort((a, b) => a - b);
    return {
      idleRssMb: idle.rssMb,
      peakRssMb: Math.max(during.peakRssMb, ...settled.map((report) => report.peakRssMb)),
      settledRssMb: settled.map((report) => report.rssMb),
      wallSeconds,
      outcomes,
      health: {
        count: latencies.length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? 0,
        errors: during.healthErrors,
      },
    };
  } finally {
    await probe.stop();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function section(title: string, result: Round): string {
  const rows = result.outcomes.map(
    (o) =>
      `| ${o.range} | ${o.status}${o.error ? ` ${o.error}` : ''}${o.retryAfter ? ` (Retry-After ${o.retryAfter})` : ''} | ${fmt(o.candles)} | ${fmt(o.bytes / 2 ** 20, 1)} | ${fmt(o.seconds, 1)} |`,
  );
  const h = result.health;
  return `### ${title}

| range (BTC, 1m, consensus) | status | candles | MiB | seconds |
| --- | --- | ---: | ---: | ---: |
${rows.join('\n')}

Gateway RSS: ${fmt(result.idleRssMb)} MB idle after start, **${fmt(result.peakRssMb)} MB peak**; after the last answer ${result.settledRssMb.map((mb, i) => `${fmt(mb)} MB at ${SETTLED_AFTER_S[i]} s`).join(', ')}.
All answers after ${fmt(result.wallSeconds, 1)} s. \`GET /health\` meanwhile: ${fmt(h.count)} calls, p50 ${fmt(h.p50, 1)} ms, **p99 ${fmt(h.p99, 1)} ms**, max ${fmt(h.max, 1)} ms, ${h.errors} errors.`;
}

const bench: Bench = async () => {
  const four = await round(4);
  const eight = await round(8);
  const goalRss = four.peakRssMb < 600;
  const goalHealth = four.health.p99 < 100;
  return `## Gateway memory under concurrent long histories (${stamp()})

The gateway as \`npm start\` deploys it (compiled, default settings, sim profile: the simulators run in the
gateway's process and generate every bar on request, so their work and garbage count too), fresh for each run.
Concurrent one-year 1m consensus \`get_historical\` calls for BTC, each a different year (nothing shared between
them, every bar fetched from both simulators), answers read as bytes. Resident memory of the gateway process
sampled every ${SAMPLE_MS} ms from outside (MB = 10⁶ bytes); \`GET /health\` called back to back from a worker thread meanwhile.
Goals for four at once: peak RSS under 600 MB with the default cache bound, \`/health\` p99 under 100 ms.

${section('Four at once', four)}

${section('Eight at once (beyond the default admission budget)', eight)}

Goals (four at once): peak RSS under 600 MB — **${goalRss ? 'met' : 'not met'}** (${fmt(four.peakRssMb)} MB);
\`/health\` p99 under 100 ms — **${goalHealth ? 'met' : 'not met'}** (${fmt(four.health.p99, 1)} ms).

**Before the history memory change** (commit 74ad848: a JS object per bar, the cache bounded by 2,000,000 bars,
no admission; this benchmark on the same machine, 2026-11-24): four at once 2,527 MB peak, 1,291 MB 10 s and
1,258 MB 45 s after the last answer, \`/health\` p99 747 ms (max 986 ms), all answers after 26.7 s; eight at once all
answered, 2,921 MB peak, 2,099 MB 45 s after, p99 866 ms (max 1,163 ms), after 54.0 s. An earlier run of the four:
2,265 MB peak, p99 1,094 ms, 29.7 s.`;
};
export default bench;
