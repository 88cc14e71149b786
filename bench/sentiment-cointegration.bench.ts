/**
 * `get_cointegration_pairs`' computation over 20 assets × 365 daily closes (190 pairs, both orderings each):
 * Engle–Granger with the AIC lag search, half-life, z-scores. Fetching is not measured: the closes are generated
 * in memory (seeded log random walks, some sharing a common factor so a part of the pairs cointegrate). Next to
 * it, a plain loop doing the same OLS arithmetic (the cointegrating regression and the ADF cross products of
 * every lag candidate) inline over Float64Arrays, as the floor of what the arithmetic costs.
 */
import { loadavg } from 'node:os';
import { adfMaxLags } from '../apps/gateway/src/domain/cointegration/adf.js';
import { type LogSeries, screenPairs } from '../apps/gateway/src/domain/cointegration/pairs.js';
import { type Bench, fmt, stamp } from './bench.js';

const ASSETS = 20;
const DAYS = 365;
const RUNS = 7;

/** A seeded uniform in [0, 1) (mulberry32), then Box–Muller. */
function normals(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

function generate(): LogSeries[] {
  const gaussian = normals(22);
  const factor = new Float64Array(DAYS);
  for (let t = 1; t < DAYS; t++) factor[t] = factor[t - 1]! + 0.03 * gaussian();
  return Array.from({ length: ASSETS }, (_, i) => {
    const logs = new Float64Array(DAYS);
    let own = 0;
    let spread = 0;
    for (let t = 0; t < DAYS; t++) {
      own += 0.02 * gaussian();
      spread = 0.8 * spread + 0.01 * gaussian();
      // Even assets follow the common factor with a stationary spread (cointegrated); odd ones add their own walk.
      logs[t] = Math.log(10 + i) + (0.6 + i / 40) * factor[t]! + (i % 2 ? own : spread);
    }
    return { asset: `A${i}`, logs };
  });
}

/** The same OLS arithmetic as a flat loop: line fit sums, ADF cross products for k = 0..k_max and the refit. */
function plainLoop(series: readonly LogSeries[]): number {
  let checksum = 0;
  const n = DAYS;
  const kMax = adfMaxLags(n);
  const e = new Float64Array(n);
  const d = new Float64Array(n - 1);
  for (let i = 0; i < series.length; i++)
    for (let j = 0; j < series.length; j++) {
      if (i === j) continue;
      const y = series[i]!.logs;
      const x = series[j]!.logs;
      let sx = 0;
      let sy = 0;
      let sxx = 0;
      let sxy = 0;
      for (let t = 0; t < n; t++) {
        sx += x[t]!;
        sy += y[t]!;
        sxx += x[t]! * x[t]!;
        sxy += x[t]! * y[t]!;
      }
      const beta = (sxy - (sx * sy) / n) / (sxx - (sx * sx) / n);
      const alpha = (sy - beta * sx) / n;
      for (let t = 0; t < n; t++) e[t] = y[t]! - alpha - beta * x[t]!;
      for (let t = 0; t < n - 1; t++) d[t] = e[t + 1]! - e[t]!;
      // Cross products of [e_{t-1}, Δe_{t-1..t-kMax}] and Δe_t on the common sample, then once more for a refit.
      for (let pass = 0; pass < 2; pass++)
        for (let a = 0; a <= kMax; a++)
          for (let b = 0; b <= a; b++) {
            let s = 0;
            for (let r = kMax; r < n - 1; r++) {
              const ca = a === 0 ? e[r]! : d[r - a]!;
              const cb = b === 0 ? e[r]! : d[r - b]!;
              s += ca * cb;
            }
            checksum += s;
          }
    }
  return checksum;
}

function best(run: () => unknown): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

const bench: Bench = async () => {
  const series = generate();
  const load = loadavg()[0]!;
  let found = 0;
  const screen = best(() => {
    const { pairs } = screenPairs(series, 0);
    found = pairs.filter((pair) => pair.cointegrated_5pct).length;
  });
  const plain = best(() => plainLoop(series));
  return `## Cointegration screening: 20 assets × 365 daily closes (${stamp()})

\`get_cointegration_pairs\`' computation alone (\`apps/gateway/src/domain/cointegration\`): 190 pairs, Engle–Granger in
both orderings (380 cointegrating regressions, 380 ADF tests with the AIC search over k = 0..${adfMaxLags(DAYS)}),
half-life and z-scores; fetching the closes is excluded (generated in memory). Best of ${RUNS} runs. Load average when
the run started: ${fmt(load, 1)} — the machine is shared by several engineers, so figures are inflated. Goal: under
200 ms. ${found} of 190 pairs came out cointegrated at 5 % (half the assets share a common factor with a stationary
spread).

| computation | ms |
| --- | ---: |
| \`screenPairs\`, 190 pairs (the tool's compute) | ${fmt(screen, 1)} |
| plain loop of the same OLS arithmetic (line fits, ADF cross products of every lag candidate, refit) | ${fmt(plain, 1)} |`;
};
export default bench;
