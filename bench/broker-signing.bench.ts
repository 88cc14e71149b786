import {
  constants,
  createHmac,
  type createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  getDiffieHellman,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrokerSimulator } from '@app/sim';
import { loadConfig } from '../apps/gateway/src/config.js';
import { CredentialSet } from '../apps/gateway/src/upstream/credentials.js';
import { startUpstreams } from '../apps/gateway/src/upstream/upstream-profile.js';
import { brokerUpstream } from '../apps/gateway/src/venues/ibkr/ibkr.upstream.js';
import { keysOf, signRequest } from '../apps/gateway/src/venues/ibkr/ibkr-authorizer.js';
import type { IbkrClient } from '../apps/gateway/src/venues/ibkr/ibkr-client.js';
import { baseString } from '../apps/gateway/src/venues/ibkr/oauth-base-string.js';
import { type Bench, fmt, stamp } from './bench.js';

/**
 * IBKR request signing (apps/gateway/src/venues/ibkr): a whole protected request's Authorization header
 * (nonce, base string, HMAC-SHA256 with the LST, percent-encoding, header) per second, next to a bare
 * `crypto.createHmac('sha256')` over the same base string in the same run: the floor signing cannot beat.
 * Then the shared websocket's fan-out: one simulated tick stream (the broker simulator, 20 ms ticks) on one
 * upstream subscription held by 100 subscribers, each delivered every merged tick; latency from the tick's
 * `_updated` stamp to each delivery.
 */
function perSecond(ms: number, op: () => unknown): number {
  for (let i = 0; i < 2_000; i++) op();
  let count = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(ms) * 1_000_000n;
  let now = start;
  while (now < end) {
    for (let i = 0; i < 200; i++) op();
    count += 200;
    now = process.hrtime.bigint();
  }
  return count / (Number(now - start) / 1e9);
}

function signing() {
  const sig = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const enc = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (key: ReturnType<typeof createPrivateKey>) =>
    key.export({ type: 'pkcs8', format: 'pem' }).toString();
  const keys = keysOf(
    new CredentialSet(
      {
        consumer_key: 'BENCHCONS',
        access_token: 'a1b2c3d4e5f60718293a',
        access_token_secret: publicEncrypt(
          { key: createPublicKey(enc.privateKey), padding: constants.RSA_PKCS1_PADDING },
          randomBytes(20),
        ).toString('base64'),
        realm: 'limited_poa',
        dh_prime: getDiffieHellman('modp14').getPrime('hex'),
        private_signature_key: pem(sig.privateKey),
        private_encryption_key: pem(enc.privateKey),
      },
      1,
    ),
  );
  const lst = randomBytes(20).toString('base64');
  const request = {
    method: 'GET',
    origin: 'https://api.ibkr.com',
    path: '/v1/api/portfolio/DU1234567/summary',
    query: [],
    headers: {},
    body: undefined,
  };
  const base = baseString('GET', `${request.origin}${request.path}`, {
    oauth_consumer_key: 'BENCHCONS',
    oauth_nonce: 'Ab12Cd34Ef56Gh78',
    oauth_signature_method: 'HMAC-SHA256',
    oauth_timestamp: '1735732810',
    oauth_token: 'a1b2c3d4e5f60718293a',
  });
  const key = Buffer.from(lst, 'base64');
  const now = Date.now();
  const raw = perSecond(1_500, () => createHmac('sha256', key).update(base).digest('base64'));
  const signed = perSecond(1_500, () => signRequest(request, keys, lst, now));
  return { raw, signed };
}

async function fanOut(subscribers: number, ticks: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-broker-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, TESTNET_TOKEN: 'bench-testnet', MAINNET_TOKEN: 'bench-mainnet' },
    [brokerUpstream],
  );
  const upstreams = await startUpstreams({
    config,
    specs: [brokerUpstream],
    simulators: [createBrokerSimulator({ tickMs: 20 })],
  });
  try {
    const client = upstreams.registry.connection('broker', 'test').client<IbkrClient>();
    const hub = client.streams;
    const latencies: number[] = [];
    let delivered = 0;
    const done = new Promise<void>((resolve) => {
      for (let i = 0; i < subscribers; i++)
        hub.cache.listen(265598, (entry) => {
          latencies.push(Date.now() - entry.updated);
          if (++delivered >= subscribers * ticks) resolve();
        });
    });
    for (let i = 0; i < subscribers; i++) await hub.subscribe(`bench:${i}`, 265598, 'tick');
    await done;
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
    return {
      p50: at(0.5),
      p99: at(0.99),
      max: latencies.at(-1) ?? 0,
      deliveries: latencies.length,
      upstream: hub.references('tick', 265598),
    };
  } finally {
    await upstreams.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bench: Bench = async () => {
  const { raw, signed } = signing();
  const fan = await fanOut(100, 200);
  return [
    `## IBKR request signing and websocket fan-out (${stamp()})`,
    '',
    `Machine: nproc ${availableParallelism()}, ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; load average ${fmt(loadavg()[0] ?? 0, 1)} at the end of the run.`,
    '',
    'Signing, one thread, 1.5 s each, same run:',
    '',
    '| operation | per second | µs each |',
    '| --- | ---: | ---: |',
    `| raw \`crypto.createHmac('sha256')\` over a base string, base64 | ${fmt(raw, 0)} | ${fmt(1e6 / raw, 2)} |`,
    `| whole protected request: nonce, base string, HMAC-SHA256 with the LST, percent-encoding, Authorization header | ${fmt(signed, 0)} | ${fmt(1e6 / signed, 2)} |`,
    '',
    `A whole signature runs at ${fmt(signed / raw, 2)}× the bare HMAC rate; IBKR allows 50 requests/s per username, so signing is never the limit.`,
    '',
    `Fan-out: one upstream \`smd\` subscription (held ${fan.upstream}× in the gateway, sent once) from the broker simulator at 20 ms ticks, delivered to ${fmt(100, 0)} subscribers; ${fmt(fan.deliveries, 0)} deliveries, latency from the tick's \`_updated\` stamp (simulator, same host) to each subscriber, ms:`,
    '',
    '| p50 | p99 | max |',
    '| ---: | ---: | ---: |',
    `| ${fmt(fan.p50, 1)} | ${fmt(fan.p99, 1)} | ${fmt(fan.max, 1)} |`,
  ].join('\n');
};

export default bench;
