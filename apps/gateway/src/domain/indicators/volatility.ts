/**
 * ATR and ADX with TA-Lib conventions and Wilder smoothing (outputs full
 * length, NaN in the warm-up). Written as phase-split loops so the hot loop
 * has no warm-up branches.
 */

/** Wilder's true range of bar i (i ≥ 1): the widest of high − low and the gaps to the previous close. */
function trueRange(high: Float64Array, low: Float64Array, close: Float64Array, i: number): number {
  const h = high[i]!;
  const l = low[i]!;
  const c = close[i - 1]!;
  return Math.max(h - l, Math.abs(h - c), Math.abs(l - c));
}

function nanArray(n: number, warmup: number): Float64Array {
  const out = new Float64Array(n);
  out.fill(Number.NaN, 0, Math.min(warmup, n));
  return out;
}

/**
 * Average true range: true ranges start at index 1 (they need the previous
 * close); the first ATR, at index `period`, is the mean of the first
 * `period` of them; then ATR = (ATR·(period − 1) + TR) / period.
 */
export function atr(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const n = close.length;
  if (period < 1 || n <= period) return nanArray(n, n);
  const out = nanArray(n, period);
  let sum = 0;
  for (let i = 1; i <= period; i++) sum += trueRange(high, low, close, i);
  let value = sum / period;
  out[period] = value;
  const keep = period - 1;
  for (let i = period + 1; i < n; i++) {
    value = (value * keep + trueRange(high, low, close, i)) / period;
    out[i] = value;
  }
  return out;
}

/**
 * Wilder's ADX exactly as TA-Lib computes it: +DM/−DM and TR summed over the
 * first `period − 1` bars, then smoothed as S = S − S/period + x; DX from
 * index `period`; the first ADX (index 2·period − 1) is the mean of the first
 * `period` DX values, then ADX = (ADX·(period − 1) + DX) / period. A bar
 * whose smoothed range or DI sum is zero contributes no DX (TA-Lib skips it).
 */
export function adx(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const n = close.length;
  const first = 2 * period - 1;
  if (period < 2 || n <= first) return nanArray(n, n);
  const out = nanArray(n, first);
  let plusDm = 0;
  let minusDm = 0;
  let range = 0;
  let dxSum = 0;
  for (let i = 1; i <= first; i++) {
    const up = high[i]! - high[i - 1]!;
    const down = low[i - 1]! - low[i]!;
    if (i >= period) {
      plusDm -= plusDm / period;
      minusDm -= minusDm / period;
      range -= range / period;
    }
    if (down > 0 && up < down) minusDm += down;
    else if (up > 0 && up > down) plusDm += up;
    range += trueRange(high, low, close, i);
    if (i >= period && range !== 0) {
      const sum = plusDm + minusDm;
      if (sum !== 0) dxSum += (100 * Math.abs(minusDm - plusDm)) / sum;
    }
  }
  let value = dxSum / period;
  out[first] = value;
  const keep = period - 1;
  for (let i = first + 1; i < n; i++) {
    const up = high[i]! - high[i - 1]!;
    const down = low[i - 1]! - low[i]!;
    plusDm -= plusDm / period;
    minusDm -= minusDm / period;
    range -= range / period;
    if (down > 0 && up < down) minusDm += down;
    else if (up > 0 && up > down) plusDm += up;
    range += trueRange(high, low, close, i);
    // DI± = 100·DM±/TR, so DX = 100·|DM− − DM+| / (DM− + DM+): the range cancels when it is non-zero.
    const sum = plusDm + minusDm;
    if (range !== 0 && sum !== 0) value = (value * keep + (100 * Math.abs(minusDm - plusDm)) / sum) / period;
    out[i] = value;
  }
  return out;
}
