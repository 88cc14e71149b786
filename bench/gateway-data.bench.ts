import { monitorEventLoopDelay } from 'node:perf_hooks';
import fastJsonStringify from 'fast-json-stringify';
import { ADX, ATR, MACD, RSI, SMA } from 'technicalindicators';
import { sma } from '../apps/gateway/src/domain/indicators/moving-averages.js';
import { macd, rsi } from '../apps/gateway/src/domain/indicators/oscillators.js';
import { adx, atr } from '../apps/gateway/src/domain/indicators/volatility.js';
import { GetHistoricalOutputSchema } from '../apps/gateway/src/namespaces/mcp/get-historical.tool.js';
import { getHistory } from '../apps/gateway/src/namespaces/mcp/historical.service.js';
import { toolResponseSchema } from '../apps/gateway/src/tools/tool-schemas.js';
import { NO_DEADLINE } from '../apps/gateway/src/upstream/call-deadline.js';
import { startGateway } from '../apps/gateway/test/helpers.js';
import { startMarketGateway } from '../apps/gateway/test/market-data/support/market-gateway.js';
import { type Bench, fmt, stamp } from './bench.js';

/**
 * Market data of the common interface: a year of 1m candles from one
 * simulated venue through client + paging (the gateway's upstream layer), a
 * year of 1h consensus over both venues, and each indicator over 1,000,000
 * candles against the technicalindicators package and a plain Float64Array loop.
 */

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

/**
 * A year of 1m candles as a bot gets it: the real gateway (sim profile) over HTTP, closed candles already
 * cached, the body read as bytes. The gateway and this client share the process, so the event-loop monitor
 * sees the gateway's longest uninterrupted piece of work. For comparison, the route's fast-json-stringify
 * serializer run on the whole parsed body: what one answer cost before long arrays were streamed.
 */
async function historyOverHttp() {
  const gateway = await startGateway({ production: true });
  const request = {
    exchange: 'optx',
    instrument: 'BTC-PERPETUAL',
    interval: '1m',
    start_date: '2025-01-01',
    end_date: '2025-12-31',
  };
  await (await gateway.call('/mcp/tools/get_historical', request)).arrayBuffer(); // fills the candle cache
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const response = await gateway.call('/mcp/tools/get_historical', request);
  const reader = response.body?.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  let stallBeforeMs = 0;
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
    if (bytes === 0) {
      firstByteMs = performance.now() - started;
      stallBeforeMs = delay.max / 1e6;
      delay.reset();
    }
    bytes += chunk.value.length;
  }
  const totalMs = performance.now() - started;
  delay.disable();
  const body: unknown = JSON.parse(await (await gateway.call('/mcp/tools/get_historical', request)).text());
  await gateway.close();
  const whole = fastJsonStringify(toolResponseSchema(GetHistoricalOutputSchema, true, true));
  const wholeStarted = performance.now();
  whole(body);
  const wholeMs = performance.now() - wholeStarted;
  return { firstByteMs, totalMs, bytes, stallBeforeMs, stallAfterMs: delay.max / 1e6, wholeMs };
}

async function measured<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; peakRssMb: number }> {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { value, ms, peakRssMb: peak / 2 ** 20 };
}

function walk(n: number) {
  let state = 42;
  const close = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  let price = 100;
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const open = price;
    price *= Math.exp((state / 2 ** 32 - 0.5) * 0.02);
    close[i] = price;
    high[i] = Math.max(open, price) * 1.002;
    low[i] = Math.min(open, price) * 0.998;
  }
  return { close, high, low };
}

/** Plain loops: the same arithmetic written inline, the floor our functions are compared to. */
const plain = {
  sma(close: Float64Array) {
    const out = new Float64Array(close.length);
    let sum = 0;
    for (let i = 0; i < close.length; i++) {
      sum += close[i]!;
      if (i >= 20) sum -= close[i - 20]!;
      out[i] = sum / 20;
    }
    return out;
  },
  rsi(close: Float64Array) {
    const out = new Float64Array(close.length);
    let gain = 0;
    let loss = 0;
    for (let i = 1; i < close.length; i++) {
      const change = close[i]! - close[i - 1]!;
      const up = change > 0 ? change : 0;
      const down = change < 0 ? -change : 0;
      gain = (gain * 13 + up) / 14;
      loss = (loss * 13 + down) / 14;
      out[i] = (100 * gain) / (gain + loss);
    }
    return out;
  },
  atr(high: Float64Array, low: Float64Array, close: Float64Array) {
    const out = new Float64Array(close.length);
    let value = 0;
    for (let i = 1; i < close.length; i++) {
      const tr = Math.max(
        high[i]! - low[i]!,
        Math.abs(high[i]! - close[i - 1]!),
        Math.abs(low[i]! - close[i - 1]!),
      );
      value = (value * 13 + tr) / 14;
      out[i] = value;
    }
    return out;
  },
  macd(close: Float64Array) {
    const n = close.length;
    const line = new Float64Array(n);
    const signal = new Float64Array(n);
    const hist = new Float64Array(n);
    let fast = close[0]!;
    let slow = close[0]!;
    let sig = 0;
    for (let i = 1; i < n; i++) {
      fast += (close[i]! - fast) * (2 / 13);
      slow += (close[i]! - slow) * (2 / 27);
      line[i] = fast - slow;
      sig += (line[i]! - sig) * 0.2;
      signal[i] = sig;
      hist[i] = line[i]! - sig;
    }
    return line;
  },
  adx(high: Float64Array, low: Float64Array, close: Float64Array) {
    const out = new Float64Array(close.length);
    let plusDm = 0;
    let minusDm = 0;
    let range = 0;
    let value = 0;
    for (let i = 1; i < close.length; i++) {
      const up = high[i]! - high[i - 1]!;
      const down = low[i - 1]! - low[i]!;
      plusDm -= plusDm / 14;
      minusDm -= minusDm / 14;
      range -= range / 14;
      if (down > 0 && up < down) minusDm += down;
      else if (up > 0 && up > down) plusDm += up;
      range += Math.max(
        high[i]! - low[i]!,
        Math.abs(high[i]! - close[i - 1]!),
        Math.abs(low[i]! - close[i - 1]!),
      );
      const p = (100 * plusDm) / range;
      const m = (100 * minusDm) / range;
      value = (value * 13 + (100 * Math.abs(p - m)) / (p + m)) / 14;
      out[i] = value;
    }
    return out;
  },
};

/**
 * Best-of timings in ms for several contenders, run interleaved (a, b, c, a, b, c, …) so a busy shared
 * machine slows them alike; the first round also warms the JIT.
 */
function bestOf(contenders: (() => unknown)[], rounds: number[]): number[] {
  const best = contenders.map(() => Number.POSITIVE_INFINITY);
  const most = Math.max(...rounds);
  for (let round = 0; round < most; round++) {
    contenders.forEach((run, i) => {
      if (round >= rounds[i]!) return;
      const started = performance.now();
      run();
      best[i] = Math.min(best[i]!, performance.now() - started);
    });
  }
  return best;
}

function indicatorRows(): string[] {
  const n = 1_000_000;
  const { close, high, low } = walk(n);
  const C = Array.from(close);
  const H = Array.from(high);
  const L = Array.from(low);
  const cases: [string, () => unknown, () => unknown, () => unknown][] = [
    ['sma 20', () => sma(close, 20), () => SMA.calculate({ values: C, period: 20 }), () => plain.sma(close)],
    ['rsi 14', () => rsi(close, 14), () => RSI.calculate({ values: C, period: 14 }), () => plain.rsi(close)],
    [
      'atr 14',
      () => atr(high, low, close, 14),
      () => ATR.calculate({ high: H, low: L, close: C, period: 14 }),
      () => plain.atr(high, low, close),
    ],
    [
      'macd 12/26/9',
      () => macd(close, 12, 26, 9),
      () =>
        MACD.calculate({
          values: C,
          fastPeriod: 12,
          slowPeriod: 26,
          signalPeriod: 9,
          SimpleMAOscillator: false,
          SimpleMASignal: false,
        }),
      () => plain.macd(close),
    ],
    [
      'adx 14',
      () => adx(high, low, close, 14),
      () => ADX.calculate({ high: H, low: L, close: C, period: 14 }),
      () => plain.adx(high, low, close),
    ],
  ];
  return cases.map(([name, ours, theirs, loop]) => {
    const [oursMs = 0, theirsMs = 0, loopMs = 0] = bestOf([ours, theirs, loop], [9, 2, 9]);
    return `| ${name} | ${fmt(oursMs, 1)} | ${fmt(theirsMs, 0)} | ${fmt(loopMs, 1)} | ${fmt(theirsMs / oursMs, 1)}× | ${fmt(oursMs / loopMs, 2)}× |`;
  });
}

const bench: Bench = async () => {
  // The gateway's upstream layer and simulators on a pinned clock; the service called directly with the
  // common interface's clients (a fresh candle cache), so the numbers are paging and clients, not HTTP.
  const market = await startMarketGateway({ now: () => NOW });
  const clients = market.marketClients('live');
  const optxHits = () => market.sim('optx').hits();
  const perpdexHits = () => market.sim('perpdex').hits();
  const year = {
    exchange: 'optx' as const,
    instrument: 'BTC-PERPETUAL',
    interval: '1m' as const,
    start_date: '2025-11-20',
    end_date: '2026-11-19',
  };
  // Each answer gives its admission permit back at once: nothing sends it.
  const history = async (params: Parameters<typeof getHistory>[1]) => {
    const answer = await getHistory(NO_DEADLINE, params, clients, NOW);
    answer.release?.();
    return answer;
  };
  const minute = await measured(() => history({ ...year }));
  const minuteCalls = optxHits();
  const cached = await measured(() => history({ ...year }));
  const cachedCalls = optxHits() - minuteCalls;
  const beforeConsensus = optxHits() + perpdexHits();
  const consensus = await measured(() =>
    history({ instrument: 'BTC', interval: '1h', start_date: '2025-11-20', end_date: '2026-11-19' }),
  );
  const consensusCalls = optxHits() + perpdexHits() - beforeConsensus;
  await market.close();
  const http = await historyOverHttp();
  const rows = indicatorRows();

  return `## Market data: history paging, consensus, indicators (${stamp()})

Simulators on loopback in the same process (they generate every bar on request), the gateway's upstream layer
(undici pools, retries, circuit breaker), fresh caches. Peak RSS is the whole process, sampled every 20 ms.

| workload | bars | upstream calls | wall time | peak RSS |
| --- | ---: | ---: | ---: | ---: |
| optx BTC-PERPETUAL, 1 year of 1m (client + paging) | ${fmt(minute.value.data.candles.length)} | ${minuteCalls} | ${fmt(minute.ms / 1000, 2)} s | ${fmt(minute.peakRssMb)} MiB |
| same range again (closed candles cached) | ${fmt(cached.value.data.candles.length)} | ${cachedCalls} | ${fmt(cached.ms, 0)} ms | ${fmt(cached.peakRssMb)} MiB |
| consensus BTC over optx + perpdex, 1 year of 1h | ${fmt(consensus.value.data.candles.length)} | ${consensusCalls} | ${fmt(consensus.ms, 0)} ms | ${fmt(consensus.peakRssMb)} MiB |

The cached year of 1m candles through the gateway over HTTP (${fmt(http.bytes / 2 ** 20)} MiB of JSON, streamed in chunks of
1,000 candles): first byte after ${fmt(http.firstByteMs)} ms, whole body after ${fmt(http.totalMs)} ms. The longest stretch the
event loop was held (client and gateway share it here): ${fmt(http.stallBeforeMs)} ms before the first byte (the handler
gathering the cached candles), ${fmt(http.stallAfterMs)} ms while the body streamed. The route's fast-json-stringify
serializer on the same body in one piece took ${fmt(http.wholeMs)} ms, all of it one uninterrupted stretch.

Indicators over 1,000,000 candles, best of 9 interleaved runs (technicalindicators: best of 2), milliseconds. The plain loop is
the same recurrence written inline without warm-up handling; goal: at least 5× faster than technicalindicators and
within 1.5× of the plain loop.

| indicator | ours ms | technicalindicators ms | plain loop ms | speed-up vs technicalindicators | ours / plain loop |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}`;
};
export default bench;
