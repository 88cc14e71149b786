import fc from 'fast-check';
import { ADX, ATR, EMA, MACD, RSI, SMA } from 'technicalindicators';
import { describe, expect, it } from 'vitest';
import { computeIndicators, parseIndicatorNames, toPriceSeries } from './indicators.js';
import { ema, sma } from './moving-averages.js';
import { macd, rsi } from './oscillators.js';
import { randomCandles } from './random-candles.test-helper.js';
import { talibAdx, talibMacd, talibRsi } from './talib-reference.test-helper.js';
import { adx, atr } from './volatility.js';

/** Largest relative difference between our full-length output and a compact series starting at `begIdx`. */
function maxRelativeDiff(mine: Float64Array, theirs: readonly number[], begIdx: number, from = 0): number {
  let worst = 0;
  theirs.forEach((value, j) => {
    const i = begIdx + j;
    if (i < from) return;
    worst = Math.max(worst, Math.abs(mine[i]! - value) / Math.max(Math.abs(value), 1e-300));
  });
  return worst;
}

const firstValueIndex = (series: Float64Array) => series.findIndex((value) => !Number.isNaN(value));
const data = randomCandles(4000);

describe('indicators agree with technicalindicators where conventions match (4000 candles, 1e-9 relative)', () => {
  it('SMA 20', () => {
    const mine = sma(data.close, 20);
    expect(firstValueIndex(mine)).toBe(19);
    expect(maxRelativeDiff(mine, SMA.calculate({ values: data.C, period: 20 }), 19)).toBeLessThan(1e-9);
  });

  it('EMA 12 (seeded with the SMA of the first 12 values)', () => {
    expect(
      maxRelativeDiff(ema(data.close, 12), EMA.calculate({ values: data.C, period: 12 }), 11),
    ).toBeLessThan(1e-9);
  });

  it('ATR 14 (Wilder, first value at index 14 = mean of the first 14 true ranges)', () => {
    const mine = atr(data.high, data.low, data.close, 14);
    expect(firstValueIndex(mine)).toBe(14);
    const theirs = ATR.calculate({ high: data.H, low: data.L, close: data.C, period: 14 });
    expect(maxRelativeDiff(mine, theirs, 14)).toBeLessThan(1e-9);
  });

  it('MACD 12/26/9 after the seeding transient (technicalindicators seeds the fast EMA at index 11, TA-Lib at 25)', () => {
    const mine = macd(data.close, 12, 26, 9);
    const theirs = MACD.calculate({
      values: data.C,
      fastPeriod: 12,
      slowPeriod: 26,
      signalPeriod: 9,
      SimpleMAOscillator: false,
      SimpleMASignal: false,
    });
    expect(
      maxRelativeDiff(
        mine.macd,
        theirs.map((row) => row.MACD!),
        25,
        400,
      ),
    ).toBeLessThan(1e-9);
    const signals = theirs.map((row) => row.signal).filter((value): value is number => value !== undefined);
    expect(maxRelativeDiff(mine.signal, signals, 33, 400)).toBeLessThan(1e-9);
  });

  it('ADX 14 after the seeding transient (technicalindicators seeds the Wilder sums differently)', () => {
    const mine = adx(data.high, data.low, data.close, 14);
    const theirs = ADX.calculate({ high: data.H, low: data.L, close: data.C, period: 14 }).map(
      (row) => row.adx,
    );
    expect(maxRelativeDiff(mine, theirs, 27, 500)).toBeLessThan(1e-9);
  });

  it('RSI 14 within technicalindicators rounding (it rounds to two decimals)', () => {
    const mine = rsi(data.close, 14);
    const theirs = RSI.calculate({ values: data.C, period: 14 });
    const worst = Math.max(...theirs.map((value, j) => Math.abs(mine[14 + j]! - value)));
    expect(worst).toBeLessThanOrEqual(0.005 + 1e-9);
  });
});

describe('indicators match TA-Lib conventions exactly from the first value (transliterated TA-Lib routines)', () => {
  it('RSI 14: first value at index 14, every value to 1e-12', () => {
    const mine = rsi(data.close, 14);
    const reference = talibRsi(data.close, 14);
    expect(firstValueIndex(mine)).toBe(reference.begIdx);
    expect(maxRelativeDiff(mine, reference.out, reference.begIdx)).toBeLessThan(1e-12);
  });

  it('MACD 12/26/9: all three lines start at index 33 and match to 1e-12', () => {
    const mine = macd(data.close, 12, 26, 9);
    const reference = talibMacd(data.close, 12, 26, 9);
    expect(reference.begIdx).toBe(33);
    expect(firstValueIndex(mine.macd)).toBe(33);
    expect(firstValueIndex(mine.signal)).toBe(33);
    expect(maxRelativeDiff(mine.macd, reference.macd, 33)).toBeLessThan(1e-12);
    expect(maxRelativeDiff(mine.signal, reference.signal, 33)).toBeLessThan(1e-12);
    expect(maxRelativeDiff(mine.histogram, reference.hist, 33)).toBeLessThan(1e-9);
  });

  it('ADX 14: first value at index 27 and every value to 1e-12', () => {
    const mine = adx(data.high, data.low, data.close, 14);
    const reference = talibAdx(data.high, data.low, data.close, 14);
    expect(firstValueIndex(mine)).toBe(27);
    expect(maxRelativeDiff(mine, reference.out, 27)).toBeLessThan(1e-12);
  });

  it('hand-checkable cases: RSI of a rising series is 100, of a flat one 0; ATR of constant bars is their range', () => {
    const rising = Float64Array.from({ length: 30 }, (_, i) => 100 + i);
    expect(rsi(rising, 14)[29]).toBe(100);
    expect(rsi(new Float64Array(30).fill(5), 14)[29]).toBe(0);
    const flat = new Float64Array(30).fill(10);
    expect(atr(new Float64Array(30).fill(11), new Float64Array(30).fill(9), flat, 14)[29]).toBeCloseTo(2, 12);
  });
});

describe('indicator invariants (property tests)', () => {
  const series = fc
    .array(
      fc.tuple(fc.double({ min: 1, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 0.05, noNaN: true })),
      {
        minLength: 30,
        maxLength: 300,
      },
    )
    .map((rows) => ({
      close: Float64Array.from(rows.map(([price]) => price)),
      high: Float64Array.from(rows.map(([price, wick]) => price * (1 + wick))),
      low: Float64Array.from(rows.map(([price, wick]) => price * (1 - wick))),
    }));

  it('RSI stays within [0, 100]', () => {
    fc.assert(
      fc.property(series, ({ close }) =>
        rsi(close, 14).every((value) => Number.isNaN(value) || (value >= 0 && value <= 100)),
      ),
    );
  });

  it('ATR is never negative and ADX stays within [0, 100]', () => {
    fc.assert(
      fc.property(series, ({ close, high, low }) => {
        const okAtr = atr(high, low, close, 14).every((value) => Number.isNaN(value) || value >= 0);
        const okAdx = adx(high, low, close, 14).every(
          (value) => Number.isNaN(value) || (value >= 0 && value <= 100),
        );
        return okAtr && okAdx;
      }),
    );
  });
});

describe('indicator catalogue', () => {
  it('accepts a list or a comma-separated string, defaults to rsi, atr, macd, adx', () => {
    expect(parseIndicatorNames(' RSI, macd ,rsi')).toEqual(['rsi', 'macd']);
    expect(parseIndicatorNames(['sma'])).toEqual(['sma']);
    expect(parseIndicatorNames(undefined)).toEqual(['rsi', 'atr', 'macd', 'adx']);
    expect(parseIndicatorNames('')).toEqual(['rsi', 'atr', 'macd', 'adx']);
  });

  it('reports parameters and latest values, null for unsupported names and null values during warm-up', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      timestamp: i * 60_000,
      high: data.high[i]!,
      low: data.low[i]!,
      close: data.close[i]!,
    }));
    const result = computeIndicators(['sma', 'macd', 'vwap'], toPriceSeries(rows));
    expect(result.vwap).toBeNull();
    expect(result.sma).toEqual({
      parameters: { period: 20 },
      min_candles: 20,
      timestamp: 99 * 60_000,
      value: sma(data.close.slice(0, 100), 20)[99],
    });
    expect(result.macd?.parameters).toEqual({ fast_period: 12, slow_period: 26, signal_period: 9 });
    expect(result.macd?.value).toMatchObject({ macd: expect.any(Number), signal: expect.any(Number) });
    const short = computeIndicators(['adx'], toPriceSeries(rows.slice(0, 27)));
    expect(short.adx).toMatchObject({ timestamp: null, value: null, min_candles: 28 });
  });
});
