import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Pool } from 'undici';
import { perpdexNamespace } from '../apps/gateway/src/namespaces/mcp-perpdex/index.js';
import type { UpstreamSpec } from '../apps/gateway/src/upstream/upstream-spec.js';
import { perpdexUpstream } from '../apps/gateway/src/venues/hyperliquid/hyperliquid.upstream.js';
import { PERPDEX_BASE_URLS } from '../apps/gateway/src/venues/hyperliquid/hyperliquid-requests.js';
import {
  agentDigest,
  connectionId,
  SigningKey,
  signL1Action,
} from '../apps/gateway/src/venues/hyperliquid/l1-signing.js';
import { nonceSourceFor } from '../apps/gateway/src/venues/hyperliquid/nonces.js';
import { startGateway, TESTNET } from '../apps/gateway/test/helpers.js';
import { type Bench, fmt, stamp } from './bench.js';

/**
 * perpdex writes: (1) the L1 signer (msgpack, keccak, EIP-712 digest, secp256k1) in signatures per second on one
 * core, next to a bare @noble/curves sign of the same digest in the same run; (2) what `place_order` through the
 * gateway adds over signing and posting the same order to the simulator directly, paced at 200 orders/s.
 */

const KEY_HEX = '0x0123456789012345678901234567890123456789012345678901234567890123';
const ORDER = (nonce: number) => ({
  type: 'order',
  orders: [{ a: 1, b: true, p: '2000', s: '0.01', r: false, t: { limit: { tif: 'Gtc' } } }],
  grouping: 'na',
  nonce,
});

/** Operations per second of each op over `ms`-long rounds, interleaved so machine load hits all alike; best round. */
function rates(ops: Record<string, (i: number) => void>, ms = 1000, rounds = 5): Record<string, number> {
  const best: Record<string, number> = {};
  for (let round = 0; round < rounds; round++)
    for (const [name, op] of Object.entries(ops)) {
      let n = 0;
      const start = performance.now();
      while (performance.now() - start < ms) for (let k = 0; k < 20; k++) op(n++);
      best[name] = Math.max(best[name] ?? 0, n / ((performance.now() - start) / 1000));
    }
  return best;
}

function signingRates() {
  const key = new SigningKey(KEY_HEX);
  const secret = Uint8Array.from(Buffer.from(KEY_HEX.slice(2), 'hex'));
  const { nonce: _n, ...action } = ORDER(0);
  const digest = agentDigest(connectionId({ action, nonce: 1_700_000_000_000 }), false);
  for (let i = 0; i < 2_000; i++) signL1Action(key, { action, nonce: 1_700_000_000_000 + i }, false);
  const measured = rates({
    raw: () => secp256k1.sign(digest, secret, { prehash: false, format: 'recovered' }),
    signer: (i) => signL1Action(key, { action, nonce: 1_700_000_000_000 + i }, false),
    sameDigest: () => key.signDigest(digest),
  });
  return { raw: measured.raw ?? 0, signer: measured.signer ?? 0, sameDigest: measured.sameDigest ?? 0 };
}

interface Paced {
  p50: number;
  p99: number;
  sent: number;
  errors: number;
}

/** `perSecond` requests a second for `seconds`, each made fresh by `make`, latency in ms from send to body. */
async function paced(
  url: string,
  perSecond: number,
  seconds: number,
  make: () => Promise<{ path: string; body: string; headers: Record<string, string> }>,
): Promise<Paced> {
  const pool = new Pool(url, { connections: 32 });
  const latencies: number[] = [];
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const one = async () => {
    const request = await make();
    const started = process.hrtime.bigint();
    try {
      const res = await pool.request({ method: 'POST', ...request });
      const text = await res.body.text();
      if (res.statusCode !== 200 || text.includes('"error"')) {
        errors++;
        if (process.env.BENCH_DEBUG) console.error(res.statusCode, text.slice(0, 200));
      }
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    } catch {
      errors++;
    }
  };
  const begin = performance.now();
  let sent = 0;
  const total = perSecond * seconds;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - begin) / 1000) * perSecond));
    while (sent < due) {
      const promise = one().finally(() => inFlight.delete(promise));
      inFlight.add(promise);
      sent++;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), sent, errors };
}

/** The simulator in a child process (bench/perpdex-bench-sim.ts): its URL, credentials and the process. */
async function startSimProcess() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('perpdex-bench-sim.ts', import.meta.url))],
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
    child.once('exit', (code) => reject(new Error(`perpdex-bench-sim exited with ${code}`)));
  });
  const printed = JSON.parse(line) as { url: string; credentials: Record<string, string> };
  return { child, ...printed };
}

async function placeOrderLatency() {
  const sim = await startSimProcess();
  const dir = mkdtempSync(join(tmpdir(), 'bench-perpdex-'));
  const credentialsFile = join(dir, 'perpdex.json');
  writeFileSync(credentialsFile, JSON.stringify(sim.credentials), { mode: 0o600 });
  // The venue's IP weight budget (1200/min) would refuse most of 200 orders/s: lifted, to measure the gateway.
  const unmetered: UpstreamSpec = { ...perpdexUpstream, hosts: { api: { publicUrl: PERPDEX_BASE_URLS } } };
  const gateway = await startGateway({
    specs: [unmetered],
    simulators: [],
    namespaces: [perpdexNamespace()],
    env: {
      PERPDEX_MAX_LEVERAGE: '50',
      LOG_LEVEL: 'silent',
      UPSTREAM_TIMEOUT_MS: '5000',
      PERPDEX_TEST_URL: sim.url,
      PERPDEX_LIVE_URL: sim.url,
      PERPDEX_TEST_CREDENTIALS_FILE: credentialsFile,
      PERPDEX_LIVE_CREDENTIALS_FILE: credentialsFile,
    },
  });
  try {
    const agent = new SigningKey(sim.credentials.agent_private_key!);
    const nonces = nonceSourceFor(agent.address);
    const direct = async () => {
      const { nonce: _n, ...action } = ORDER(0);
      const nonce = await nonces.next();
      const signature = signL1Action(agent, { action, nonce }, false);
      return {
        path: '/exchange',
        body: JSON.stringify({ action, nonce, signature, vaultAddress: null, expiresAfter: null }),
        headers: { 'content-type': 'application/json' },
      };
    };
    const viaGateway = async () => ({
      path: '/mcp-perpdex/tools/place_order',
      body: JSON.stringify({ coin: 'ETH', side: 'buy', size: 0.01, type: 'limit', price: 2000 }),
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${TESTNET}`,
        'x-bot-tag': 'bench',
      },
    });
    const emptyBook = () => sim.child.kill('SIGUSR2');
    await paced(sim.url, 100, 2, direct);
    await paced(gateway.url, 100, 2, viaGateway);
    emptyBook();
    const rounds: { rate: number; direct: Paced; gateway: Paced }[] = [];
    // 200/s is the goal's rate; 20/s shows the overhead where this loaded machine is not saturated.
    for (const rate of [200, 20])
      for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 3); round++) {
        const directRound = await paced(sim.url, rate, 5, direct);
        emptyBook();
        const gatewayRound = await paced(gateway.url, rate, 5, viaGateway);
        emptyBook();
        rounds.push({ rate, direct: directRound, gateway: gatewayRound });
      }
    return rounds;
  } finally {
    await gateway.close();
    sim.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const bench: Bench = async () => {
  const signing = signingRates();
  const rounds = await placeOrderLatency();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const lines = [
    `## perpdex: L1 signing and place_order overhead (${stamp()})`,
    '',
    `Machine: nproc ${availableParallelism()}, ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; load average ${fmt(loadavg()[0] ?? 0, 1)} at the end of the run.`,
    '',
    'Signatures per second on one core (best of five 1 s rounds, the three interleaved, same key):',
    '',
    '| Operation | signatures/s | vs raw sign |',
    '| --- | ---: | ---: |',
    `| raw \`@noble/curves\` secp256k1 sign of one digest | ${fmt(signing.raw, 0)} | 1.00 |`,
    `| \`SigningKey.signDigest\` of the same digest (v/r/s hex) | ${fmt(signing.sameDigest, 0)} | ${fmt(signing.sameDigest / signing.raw, 2)} |`,
    `| \`signL1Action\`: msgpack + keccak + EIP-712 digest + sign, fresh nonce each | ${fmt(signing.signer, 0)} | ${fmt(signing.signer / signing.raw, 2)} |`,
    '',
    '`place_order` (resting ETH limit buy) through the gateway versus the same order signed and posted to the',
    'simulator directly, paced at 200 and at 20 orders/s for 5 s, three rounds each; ms from send to the whole answer. The',
    'simulator (which recovers every signature) runs in its own process; gateway and load generator share one. The',
    'venue weight budget is lifted (1200/min would refuse most of 200/s). The gateway path includes the exposure read',
    '(`clearinghouseState`) the leverage cap needs, audit and idempotency bookkeeping.',
    '',
    '| orders/s | direct p50 | direct p99 | gateway p50 | gateway p99 | added p99 | errors |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rounds.map(
      ({ rate, direct, gateway }) =>
        `| ${rate} | ${fmt(direct.p50, 2)} | ${fmt(direct.p99, 2)} | ${fmt(gateway.p50, 2)} | ${fmt(gateway.p99, 2)} | ${fmt(gateway.p99 - direct.p99, 2)} | ${direct.errors + gateway.errors} |`,
    ),
    ...[200, 20].map((rate) => {
      const added = rounds.filter((r) => r.rate === rate).map((r) => r.gateway.p99 - r.direct.p99);
      return `| ${rate}: median | | | | | ${fmt(median(added), 2)} | |`;
    }),
    '',
    `Reading: one core signs ${fmt(signing.raw, 0)} digests/s raw here, and an order costs a signature in the gateway`,
    'and a recovery in the simulator on the same two cores: at 200 orders/s the direct p99 itself swings by tens of',
    'milliseconds between rounds (queueing), so the 200/s rows cannot show a 2 ms difference; the 20/s rows are the',
    "unsaturated overhead, which includes the leverage cap's exposure read (one more round trip to the venue).",
  ];
  return lines.join('\n');
};

export default bench;
