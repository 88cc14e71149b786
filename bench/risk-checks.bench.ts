import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReserveCheckInput } from '../apps/gateway/src/trading/exposure-view.js';
import { connectRedis } from '../apps/gateway/src/trading/redis-connection.js';
import { PreTradeRisk } from '../apps/gateway/src/trading/risk/pre-trade-risk.js';
import { RedisRiskStore } from '../apps/gateway/src/trading/risk/redis-risk-store.js';
import { parseLimits, RiskLimits } from '../apps/gateway/src/trading/risk/risk-limits.js';
import type { RiskStore } from '../apps/gateway/src/trading/risk/risk-store.js';
import { SqliteRiskStore } from '../apps/gateway/src/trading/risk/sqlite-risk-store.js';
import { type Bench, fmt, stamp } from './bench.js';
import { DEPLOYED_HEADERS, startDeployedGateway } from './deployed-gateway.js';
import { paced } from './gateway-latency.js';

/**
 * The CPU an order spends in the pre-trade checks (trading/risk/), beside the CPU of the whole write path in the
 * same run. In process: `admit` (halt, allow-list, the rate window written), `checkOrder` (every limit set),
 * `beforeSend` (the halt read again), on the local store (SQLite and memory) and on Redis (REDIS_URL, else the
 * local default). The whole path: `place_order` on /mcp-optx of the gateway as `npm start` deploys it (the
 * simulator in its process), with the same limits, paced; its process CPU per order includes the simulator's.
 */
const ORDERS = 4_000;
const RATE = 100;
const SECONDS = 5;

const LIMITS = `
test:
  defaults:
    max_order_notional: 1000000
    max_position_notional: 100000000
    max_venue_notional: 100000000
    orders_per_minute: 1000000
    venues: [optx, perpdex, broker]
    instruments: ["BTC-*", "ETH-*"]
`;

const order: ReserveCheckInput = {
  key: 'optx:test:BTC',
  venue: 'optx',
  snapshot: {
    equity: 1_000_000,
    current_notional: 10_000,
    positions: new Map([['BTC-PERPETUAL', { size: 10_000, notional: 10_000 }]]),
    marks: new Map(),
  },
  legs: [{ instrument: 'BTC-PERPETUAL', size: 10, unit_notional: 1, notional: 10 }],
  reduce_only: false,
  one_of: false,
  added_notional: 10,
  gross_notional: 10,
  pending: { total: 0, by_instrument: new Map(), by_tag: new Map() },
};

/** µs of this process's CPU per order of the three checks, and the wall time. */
async function checksPerOrder(store: RiskStore): Promise<{ cpu: number; wall: number }> {
  const risk = new PreTradeRisk(new RiskLimits(parseLimits(LIMITS, 'bench')), store, Date.now);
  const run = async (count: number, offset: number) => {
    for (let i = 0; i < count; i++) {
      const scope = {
        environment: 'test' as const,
        botTag: 'bench',
        venue: 'optx',
        clientOrderId: `gw-${offset + i}`,
      };
      const effective = risk.effective('test', 'bench');
      await risk.admit(scope, effective);
      risk.checkOrder(scope, effective, order);
      (await risk.beforeSend(scope, effective))();
    }
  };
  await run(500, 0);
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await run(ORDERS, 1_000);
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / ORDERS, wall: ((performance.now() - wall) * 1000) / ORDERS };
}

const bench: Bench = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'risk-bench-'));
  const local = new SqliteRiskStore(join(dir, 'risk.sqlite'));
  const inMemory = await checksPerOrder(local);
  await local.close();
  const redis = new RedisRiskStore(
    await connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
    `bench-${Date.now()}:`,
  );
  const onRedis = await checksPerOrder(redis).catch(() => undefined);
  await redis.close();

  const limitsFile = join(dir, 'limits.yaml');
  writeFileSync(limitsFile, LIMITS);
  const through = {
    method: 'POST' as const,
    path: '/mcp-optx/tools/place_order',
    body: JSON.stringify({ instrument_name: 'BTC-PERPETUAL', side: 'buy', amount: 10, type: 'market' }),
    headers: DEPLOYED_HEADERS,
  };
  const whole: Record<string, { cpu: number; p50: number; errors: number }> = {};
  for (const [name, env] of [
    ['without per-bot limits', {}],
    ['with the limits above', { RISK_LIMITS_FILE: limitsFile }],
  ] as const) {
    const gateway = await startDeployedGateway({ SIM_RATE_LIMITS: 'false', OPTX_MAX_LEVERAGE: '50', ...env });
    try {
      await paced(gateway.url, 20, 2, through);
      const before = gateway.cpuMs();
      const result = await paced(gateway.url, RATE, SECONDS, through);
      whole[name] = {
        cpu: ((gateway.cpuMs() - before) * 1000) / result.sent,
        p50: result.p50 * 1000,
        errors: result.errors,
      };
    } finally {
      await gateway.stop();
    }
  }
  const wholeCpu = Object.values(whole).reduce((sum, run) => sum + run.cpu, 0) / Object.keys(whole).length;
  const share = (cpu: number) => `${fmt((100 * cpu) / wholeCpu, 1)} %`;
  return [
    `## Pre-trade risk checks (${stamp()})`,
    '',
    `CPU per order of \`admit\` + \`checkOrder\` + \`beforeSend\` in process (${ORDERS} orders, every limit set, the rate window written), and of the whole \`place_order\` on /mcp-optx through the deployed gateway at ${RATE} orders/s for ${SECONDS} s (gateway and simulator process, clock ticks of 10 ms), measured in the same run.`,
    '',
    '| what | CPU µs per order | wall µs per order | errors |',
    '| --- | ---: | ---: | ---: |',
    `| risk checks, local store (SQLite + memory) | ${fmt(inMemory.cpu, 1)} | ${fmt(inMemory.wall, 1)} | 0 |`,
    onRedis
      ? `| risk checks, Redis (two round trips) | ${fmt(onRedis.cpu, 1)} | ${fmt(onRedis.wall, 1)} | 0 |`
      : '| risk checks, Redis | not reachable | | |',
    ...Object.entries(whole).map(
      ([name, run]) =>
        `| whole write path, ${name} | ${fmt(run.cpu, 0)} | ${fmt(run.p50, 0)} (p50 latency) | ${run.errors} |`,
    ),
    '',
    `The checks are ${share(inMemory.cpu)} of the whole path's CPU per order with the local store${onRedis ? `, ${share(onRedis.cpu)} on Redis` : ''} (against the mean of the two whole-path rows).`,
  ].join('\n');
};

export default bench;
