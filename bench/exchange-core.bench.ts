import { cpus, loadavg } from 'node:os';
import { ExchangeCore, type Instrument, pricePathFeed } from '../packages/sim/src/exchange/index.js';
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

const bench: Bench = async () => {
  const load = loadavg()[0] ?? 0;
  const orders = 100_000;
  session(10_000); // warm the JIT
  const runs = [session(orders), session(orders), session(orders)];
  const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
  return `## Exchange core order throughput (${stamp()})

The simulated exchange core (\`packages/sim/src/exchange\`) in one thread, no I/O: ${fmt(orders)} operations on
one linear BTC perpetual following the shared price path, 20 accounts, the clock moving 1 ms per operation (so
each one also observes the market: mark, synthetic depth, crossed resting orders, triggers). Mix: 55 % limit
orders within ±20 ticks of the mark, 20 % market, 10 % IOC, 5 % stop-market, 10 % cancels. Best of 3 runs after
a warm-up; machine: \`nproc\` ${cpus().length}, Node ${process.version}, CPU \`${cpus()[0]?.model.trim() ?? 'unknown'}\`; load average at
the start ${fmt(load, 1)} (the machine is shared; other work lowers the figure).

| operations | fills | working orders at the end | ms | operations matched per second |
| ---: | ---: | ---: | ---: | ---: |
| ${fmt(orders)} | ${fmt(best.fills)} | ${fmt(best.resting)} | ${fmt(best.ms)} | ${fmt((orders / best.ms) * 1000)} |`;
};

export default bench;
