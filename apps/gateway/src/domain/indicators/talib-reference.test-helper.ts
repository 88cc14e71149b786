/**
 * Test-only transliterations of TA-Lib's C routines (ta_RSI.c, ta_MACD.c +
 * ta_EMA.c INT_EMA, ta_ADX.c) in their own index style (begIdx + compact
 * output), written separately from the production code so the two can be
 * compared. Default compatibility mode, no unstable period.
 */

export interface Compact {
  begIdx: number;
  out: number[];
}

export function talibRsi(inReal: Float64Array, period: number): Compact {
  const out: number[] = [];
  let today = 0;
  let prevValue = inReal[today]!;
  let prevGain = 0;
  let prevLoss = 0;
  today++;
  for (let i = period; i > 0; i--) {
    const v = inReal[today++]!;
    const d = v - prevValue;
    prevValue = v;
    if (d < 0) prevLoss -= d;
    else prevGain += d;
  }
  prevLoss /= period;
  prevGain /= period;
  out.push(prevGain + prevLoss !== 0 ? 100 * (prevGain / (prevGain + prevLoss)) : 0);
  while (today < inReal.length) {
    const v = inReal[today++]!;
    const d = v - prevValue;
    prevValue = v;
    prevLoss *= period - 1;
    prevGain *= period - 1;
    if (d < 0) prevLoss -= d;
    else prevGain += d;
    prevLoss /= period;
    prevGain /= period;
    out.push(prevGain + prevLoss !== 0 ? 100 * (prevGain / (prevGain + prevLoss)) : 0);
  }
  return { begIdx: period, out };
}

/** INT_EMA(startIdx, endIdx, inReal, period, k): first output at startIdx, seeded by the SMA ending there. */
function intEma(inReal: ArrayLike<number>, startIdx: number, endIdx: number, period: number): number[] {
  const k = 2 / (period + 1);
  let today = startIdx - (period - 1);
  let sum = 0;
  for (let i = period; i > 0; i--) sum += inReal[today++]!;
  let prevMA = sum / period;
  while (today <= startIdx) prevMA = (inReal[today++]! - prevMA) * k + prevMA;
  const out = [prevMA];
  while (today <= endIdx) {
    prevMA = (inReal[today++]! - prevMA) * k + prevMA;
    out.push(prevMA);
  }
  return out;
}

export function talibMacd(inReal: Float64Array, fast: number, slow: number, signal: number) {
  const endIdx = inReal.length - 1;
  const lookbackSignal = signal - 1;
  const startIdx = lookbackSignal + (slow - 1);
  const temp = startIdx - lookbackSignal;
  const fastBuf = intEma(inReal, temp, endIdx, fast);
  const slowBuf = intEma(inReal, temp, endIdx, slow);
  const macdBuf = fastBuf.map((value, i) => value - slowBuf[i]!);
  const signalBuf = intEma(macdBuf, lookbackSignal, macdBuf.length - 1, signal);
  const macd = macdBuf.slice(lookbackSignal);
  return { begIdx: startIdx, macd, signal: signalBuf, hist: macd.map((value, i) => value - signalBuf[i]!) };
}

export function talibAdx(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Compact {
  const tr = (h: number, l: number, pc: number) => {
    let r = h - l;
    const a = Math.abs(h - pc);
    const b = Math.abs(l - pc);
    if (a > r) r = a;
    if (b > r) r = b;
    return r;
  };
  let today = 0;
  let prevMinusDM = 0;
  let prevPlusDM = 0;
  let prevTR = 0;
  let prevHigh = high[today]!;
  let prevLow = low[today]!;
  let prevClose = close[today]!;
  const step = (accumulateOnly: boolean) => {
    today++;
    let t = high[today]!;
    const diffP = t - prevHigh;
    prevHigh = t;
    t = low[today]!;
    const diffM = prevLow - t;
    prevLow = t;
    if (!accumulateOnly) {
      prevMinusDM -= prevMinusDM / period;
      prevPlusDM -= prevPlusDM / period;
    }
    if (diffM > 0 && diffP < diffM) prevMinusDM += diffM;
    else if (diffP > 0 && diffP > diffM) prevPlusDM += diffP;
    const range = tr(prevHigh, prevLow, prevClose);
    prevTR = accumulateOnly ? prevTR + range : prevTR - prevTR / period + range;
    prevClose = close[today]!;
  };
  const dx = (): number | null => {
    if (prevTR === 0) return null;
    const minusDI = 100 * (prevMinusDM / prevTR);
    const plusDI = 100 * (prevPlusDM / prevTR);
    const sum = minusDI + plusDI;
    return sum === 0 ? null : 100 * (Math.abs(minusDI - plusDI) / sum);
  };
  for (let i = period - 1; i > 0; i--) step(true);
  let sumDX = 0;
  for (let i = period; i > 0; i--) {
    step(false);
    const value = dx();
    if (value !== null) sumDX += value;
  }
  let prevADX = sumDX / period;
  const out = [prevADX];
  while (today < close.length - 1) {
    step(false);
    const value = dx();
    if (value !== null) prevADX = (prevADX * (period - 1) + value) / period;
    out.push(prevADX);
  }
  return { begIdx: 2 * period - 1, out };
}
