import { loadavg } from 'node:os';
import { runBacktest } from '../apps/gateway/src/domain/backtest/backtest.js';
import type { CandleColumns } from '../apps/gateway/src/domain/candle-columns.js';
import { type ChainOption, chainFromOptions } from '../apps/gateway/src/domain/options/chain.js';
import { gammaProfile } from '../apps/gateway/src/domain/options/gamma-profile.js';
import { gex } from '../apps/gateway/src/domain/options/gex.js';
import { startGateway } from '../apps/gateway/test/helpers.js';
import { type Bench, fmt, stamp } from './bench.js';

/**
 * optx analytics compute cost: get_gex and get_dealer_gamma_profile on a 1,000-option chain (compute only,
 * the chain already fetched), and run_backtest sma_cross over a year of 1m candles already cached in the
 * gateway (HTTP round trip on loopback, so an upper bound of server time). Each next to a plain
 * Float64Array loop doing the same arithmetic in the same run.
 */

const NOW = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;

function thousandOptions() {
  const options: ChainOption[] = [];
  for (let e = 0; e < 10; e++) {
    const expiry = NOW + (1 + e * e * 4) * DAY;
    for (let s = 0; s < 50; s++) {
      const strike = 60_000 + s * 1_600;
      for (const type of ['call', 'put'] as const)
        options.push({
          name: `BTC-${e}-${strike}-${type}`,
          expiry,
          strike,
          type,
          forward: 97_000 * (1 + e * 0.002),
          markIv: 45 + 20 * Math.abs(Math.log(strike / 97_000)) + e,
          openInterest: 100 + ((s * 37 + e * 11) % 400),
        });
    }
  }
  return chainFromOptions('BTC', options, 97_000, NOW);
}

/** Median ms per call over `runs` calls after a warm-up. */
function time(runs: number, work: () => unknown): number {
  for (let i = 0; i < Math.min(50, runs); i++) work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** Γ·OI·S²·0.01 summed with the formula inline: the arithmetic of get_gex without the tool's bookkeeping. */
function plainGex(
  f: Float64Array,
  k: Float64Array,
  v: Float64Array,
  tau: Float64Array,
  oi: Float64Array,
  s: number,
) {
  let total = 0;
  for (let i = 0; i < f.length; i++) {
    const spread = v[i]! * Math.sqrt(tau[i]!);
    const d1 = (Math.log(f[i]! / k[i]!) + (spread * spread) / 2) / spread;
    total += ((Math.exp(-0.5 * d1 * d1) * 0.3989422804014327) / (f[i]! * spread)) * oi[i]! * s * s * 0.01;
  }
  return total;
}

async function backtestOverHttp() {
  const gateway = await startGateway({ production: true, now: () => NOW, simNow: () => NOW });
  const request = {
    instrument: 'BTC-PERPETUAL',
    interval: '1m',
    start_date: '2025-11-20',
    end_date: '2026-11-19',
    strategy: { type: 'sma_cross', fast: 60, slow: 240 },
    direction: 'both',
  };
  const fillStarted = performance.now();
  const first = await gateway.call('/mcp-optx/tools/run_backtest', request);
  const firstBody = (await first.json()) as { bars: number; metrics: { n_trades: number } };
  const fillMs = performance.now() - fillStarted;
  const cached: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await (await gateway.call('/mcp-optx/tools/run_backtest', request)).arrayBuffer();
    cached.push(performance.now() - started);
  }
  await gateway.close();
  return {
    status: first.status,
    bars: firstBody.bars,
    trades: firstBody.metrics?.n_trades,
    fillMs,
    cachedMs: cached.sort((a, b) => a - b)[2]!,
  };
}

function syntheticMinutes(n: number): CandleColumns {
  const bars: CandleColumns = {
    length: n,
    timestamp: Float64Array.from({ length: n }, (_, i) => i * 60_000),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n).fill(1),
  };
  let price = 90_000;
  let state = 7;
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bars.open[i] = price;
    price *= Math.exp((state / 2 ** 32 - 0.5) * 0.002);
    bars.close[i] = price;
    bars.high[i] = Math.max(bars.open[i]!, price);
    bars.low[i] = Math.min(bars.open[i]!, price);
  }
  return bars;
}

/** sma_cross both sides with next-open fills, fees and slippage, in one plain loop over the columns. */
function plainSmaCross(bars: CandleColumns, fast: number, slow: number) {
  const { close, open } = bars;
  let sumFast = 0;
  let sumSlow = 0;
  let cash = 10_000;
  let units = 0;
  let wanted = 0;
  let peak = cash;
  let worst = 0;
  for (let t = 0; t < bars.length; t++) {
    if (wanted !== Math.sign(units)) {
      const price = open[t]!;
      cash += units * price * (units > 0 ? 0.9998 : 1.0002) - Math.abs(units) * price * 0.0005;
      units = 0;
      if (wanted !== 0) {
        const size = cash / (price * 1.0002);
        cash -= wanted * size * price * (wanted > 0 ? 1.0002 : 0.9998) + size * price * 0.0005;
        units = wanted * size;
      }
    }
    sumFast += close[t]! - (t >= fast ? close[t - fast]! : 0);
    sumSlow += close[t]! - (t >= slow ? close[t - slow]! : 0);
    if (t >= slow - 1)
      wanted = sumFast / fast > sumSlow / slow ? 1 : sumFast / fast < sumSlow / slow ? -1 : 0;
    const equity = cash + units * close[t]!;
    peak = Math.max(peak, equity);
    worst = Math.max(worst, (peak - equity) / peak);
  }
  return worst;
}

const bench: Bench = async () => {
  const load = loadavg()[0] ?? 0;
  const chain = thousandOptions();
  const gexMs = time(2000, () => gex(chain, { signConvention: 'dealer_long_call_short_put' }));
  const plainGexMs = time(2000, () =>
    plainGex(chain.forward, chain.strike, chain.vol, chain.years, chain.openInterest, chain.spot),
  );
  const profile = () =>
    gammaProfile(chain, { signConvention: 'dealer_long_call_short_put', width: 0.25, steps: 101 });
  const profileMs = time(200, profile);
  const plainProfileMs = time(200, () => {
    for (let g = 0; g < 101; g++) {
      const x = chain.spot * (0.75 + g * 0.005);
      const f = chain.forward.map((value) => (value * x) / chain.spot);
      plainGex(f, chain.strike, chain.vol, chain.years, chain.openInterest, x);
    }
  });
  const minutes = syntheticMinutes(525_600);
  const computeMs = time(5, () =>
    runBacktest(minutes, 60_000, { type: 'sma_cross', fast: 60, slow: 240 }, 'both', {
      initialEquity: 10_000,
      fraction: 1,
      feeBps: 5,
      slippageBps: 2,
    }),
  );
  const plainBacktestMs = time(5, () => plainSmaCross(minutes, 60, 240));
  const http = await backtestOverHttp();
  return `## optx analytics: GEX, gamma profile, run_backtest (${stamp()})

Compute only, the chain already fetched: a synthetic BTC chain of 1,000 options (10 expiries × 50 strikes ×
call/put), median of repeated calls after a warm-up, next to a plain \`Float64Array\` loop doing the same
Black-76 gamma arithmetic (no grouping by strike, no result objects). run_backtest \`sma_cross\` 60/240 on
both sides over a year of 1m candles (525,600 bars): the domain function on synthetic bars, the plain loop
(running sums, same fills and costs), and the tool over HTTP on loopback against the simulator with the
candles already in the gateway's cache (median of 5 calls after the one that filled it; the round trip
includes JSON and loopback, so it bounds the server time from above). Load average ${fmt(load, 1)} at the
start (2 cores).

| measurement | ms | plain Float64Array loop, ms | goal |
| --- | ---: | ---: | --- |
| get_gex compute, 1,000 options | ${fmt(gexMs, 3)} | ${fmt(plainGexMs, 3)} | < 5 |
| get_dealer_gamma_profile compute, 1,000 options × 101 levels | ${fmt(profileMs, 2)} | ${fmt(plainProfileMs, 2)} | < 30 |
| run_backtest compute, 525,600 1m bars | ${fmt(computeMs, 1)} | ${fmt(plainBacktestMs, 1)} | — |
| run_backtest over HTTP, cached, ${fmt(http.bars ?? 0)} bars, ${fmt(http.trades ?? 0)} trades (HTTP ${http.status}) | ${fmt(http.cachedMs, 1)} | — | < 300 |
| the first call, filling the cache from the simulator | ${fmt(http.fillMs)} | — | — |`;
};

export default bench;
