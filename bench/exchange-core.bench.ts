import { cpus, loadavg } from 'node:os';
import { OPTX_ACCOUNT, optxExchange, optxMarketOf } from '../packages/sim/src/deribit/deribit-exchange.js';
import { ExchangeCore, type Instrument, pricePathFeed } from '../packages/sim/src/exchange/index.js';
import { SimClock } from '../packages/sim/src/frame/clock.js';
import { COINS } from '../packages/sim/src/market/coins.js';
import { type Bench, fmt, stamp } from './bench.js';

const BTC = COINS.find((coin) => coin.coin === 'BTC')!;
const PERP: Instrument = {
  symbol: 'BTC',
  underlying: 'BTC',
  settlement: 'linear',
  settlementCurrency: 'USDC',
  tickSize: 1,
  lotSize: 0.00001,
  minSize: 0.00001,
  makerFee: 0.00015,
  takerFee: 0.00045,
  maxLeverage: BTC.maxLeverage,
  maintenanceMarginRate: 0.0125,
  fundingIntervalMs: 3_600_000,
};

/**
 * One session of `orders` orders from 20 accounts on one Hyperliquid-like BTC perpetual following the shared
 * price path, the clock moving 1 ms per order (so every order also pays for observing the market: marks,
 * synthetic depth, sweeps, triggers). Mix: 55 % limit within ±20 ticks of the mark (they cross or rest),
 * 20 % market, 10 % IOC, 5 % stop-market, 10 % cancels of the account's oldest working order.
 */
function session(orders: number): { ms: number; fills: number; resting: number } {
  let now = Date.UTC(2026, 10, 25);
  const clock = { now: () => now };
  const core = new ExchangeCore({ instruments: [PERP], feed: pricePathFeed(42), clock, seed: 7 });
  const accounts = Array.from({ length: 20 }, (_, i) => `account-${i}`);
  for (const account of accounts) core.deposit(account, 'USDC', 10_000_000);
  let state = 12345;
  const random = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const started = performance.now();
  for (let i = 0; i < orders; i++) {
    now += 1;
    const account = accounts[i % accounts.length]!;
    const side = random() < 0.5 ? 'buy' : 'sell';
    const size = Math.max(1, Math.round(random() * 2_000)) / 100_000;
    const roll = random();
    const mark = core.prices('BTC').mark;
    if (roll < 0.55) {
      const price = Math.round(mark + (random() * 40 - 20));
      core.place({ account, symbol: 'BTC', side, type: 'limit', size, price });
    } else if (roll < 0.75) core.place({ account, symbol: 'BTC', side, type: 'market', size });
    else if (roll < 0.85) {
      const price = Math.round(mark + (side === 'buy' ? 10 : -10));
      core.place({ account, symbol: 'BTC', side, type: 'limit', size, price, timeInForce: 'ioc' });
    } else if (roll < 0.9) {
      const trigger = Math.round(mark * (side === 'buy' ? 1.001 : 0.999));
      core.place({
        account,
        symbol: 'BTC',
        side,
        type: 'market',
        size,
        trigger: { kind: 'stop', price: trigger, reference: 'mark' },
      });
    } else {
      const oldest = core.openOrders(account)[0];
      if (oldest) core.cancel(account, oldest.id);
    }
  }
  const ms = performance.now() - started;
  let resting = 0;
  for (const account of accounts) resting += core.openOrders(account).length;
  return { ms, fills: core.fills().length, resting };
}

/**
 * Market orders on BTC-PERPETUAL in the Deribit simulator's core (every instrument its catalogue lists, options
 * marked through Black-76 once per 100 ms step), the clock moving `stepMs` per order: µs per order, and how
 * many instruments the core lists.
 */
function deribitOrders(orders: number, stepMs: number): { usPerOrder: number; instruments: number } {
  const clock = new SimClock(() => Date.UTC(2026, 10, 25, 8));
  clock.set(clock.now());
  const now = () => clock.now();
  const context = { environment: 'test', seed: 7, marketSeed: 42, now, clock } as Parameters<
    typeof optxExchange
  >[0];
  const core = optxExchange(context);
  const instruments = optxMarketOf(core).instruments.size;
  const started = performance.now();
  for (let i = 0; i < orders; i++) {
    clock.advance(stepMs);
    const side = i % 2 === 0 ? 'buy' : 'sell';
    core.place({ account: OPTX_ACCOUNT, symbol: 'BTC-PERPETUAL', side, type: 'market', size: 10 });
  }
  return { usPerOrder: ((performance.now() - started) * 1000) / orders, instruments };
}

const bench: Bench = async () => {
  const load = loadavg()[0] ?? 0;
  const orders = 100_000;
  session(10_000); // warm the JIT
  const runs = [session(orders), session(orders), session(orders)];
  const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
  deribitOrders(500, 1); // warm the JIT
  const deribit = [1, 100].map((stepMs) => ({
    stepMs,
    ...[deribitOrders(2_000, stepMs), deribitOrders(2_000, stepMs), deribitOrders(2_000, stepMs)].reduce(
      (a, b) => (a.usPerOrder <= b.usPerOrder ? a : b),
    ),
  }));
  return `## Exchange core order throughput (${stamp()})

The simulated exchange core (\`packages/sim/src/exchange\`) in one thread, no I/O: ${fmt(orders)} operations on
one linear BTC perpetual following the shared price path, 20 accounts, the clock moving 1 ms per operation (so
each one also observes the market: mark, synthetic depth, crossed resting orders, triggers). Mix: 55 % limit
orders within ±20 ticks of the mark, 20 % market, 10 % IOC, 5 % stop-market, 10 % cancels. Best of 3 runs after
a warm-up; machine: \`nproc\` ${cpus().length}, Node ${process.version}, CPU \`${cpus()[0]?.model.trim() ?? 'unknown'}\`; load average at
the start ${fmt(load, 1)} (the machine is shared; other work lowers the figure).

| operations | fills | working orders at the end | ms | operations matched per second |
| ---: | ---: | ---: | ---: | ---: |
| ${fmt(orders)} | ${fmt(best.fills)} | ${fmt(best.resting)} | ${fmt(best.ms)} | ${fmt((orders / best.ms) * 1000)} |

On the Deribit simulator's core, which lists ${fmt(deribit[0]?.instruments ?? 0)} instruments (every option of every expiry): 2,000
market orders on BTC-PERPETUAL, best of 3 runs. Each operation observes only the markets it reads and those with
resting orders or triggers (\`observed-markets.ts\`), so a listing of hundreds costs an order little, also when the
clock has entered a new 100 ms mark step (where every option read is priced again).

| clock per order | µs per order |
| ---: | ---: |
${deribit.map((row) => `| ${row.stepMs} ms | ${fmt(row.usPerOrder, 1)} |`).join('\n')}`;
};

export default bench;
