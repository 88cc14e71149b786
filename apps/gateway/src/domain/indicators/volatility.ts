/** ATR and ADX with TA-Lib conventions and Wilder smoothing (outputs full length, NaN in the warm-up). */

const trueRange = (high: number, low: number, previousClose: number) =>
  Math.max(high - low, Math.abs(high - previousClose), Math.abs(low - previousClose));

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
  const out = new Float64Array(n).fill(Number.NaN);
  if (period < 1 || n <= period) return out;
  let sum = 0;
  for (let i = 1; i <= period; i++) sum += trueRange(high[i]!, low[i]!, close[i - 1]!);
  let value = sum / period;
  out[period] = value;
  for (let i = period + 1; i < n; i++) {
    value = (value * (period - 1) + trueRange(high[i]!, low[i]!, close[i - 1]!)) / period;
    out[i] = value;
  }
  return out;
}

/**
 * Wilder's ADX exactly as TA-Lib computes it: +DM/−DM and TR summed over the
 * first `period − 1` bars, then smoothed as S = S − S/period + x; DX from
 * index `period`; the first ADX (index 2·period − 1) is the mean of the first
 * `period` DX values, then ADX = (ADX·(period − 1) + DX) / period. A bar
 * whose DI sum is zero leaves ADX unchanged (TA-Lib skips it).
 */
export function adx(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  period: number,
): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const first = 2 * period - 1;
  if (period < 2 || n <= first) return out;
  let plusDm = 0;
  let minusDm = 0;
  let range = 0;
  let dxSum = 0;
  let value = 0;
  for (let i = 1; i < n; i++) {
    const up = high[i]! - high[i - 1]!;
    const down = low[i - 1]! - low[i]!;
    const tr = trueRange(high[i]!, low[i]!, close[i - 1]!);
    if (i >= period) {
      plusDm -= plusDm / period;
      minusDm -= minusDm / period;
      range -= range / period;
    }
    if (down > 0 && up < down) minusDm += down;
    else if (up > 0 && up > down) plusDm += up;
    range += tr;
    if (i < period) continue;
    let dx = Number.NaN;
    if (range !== 0) {
      const plusDi = (100 * plusDm) / range;
      const minusDi = (100 * minusDm) / range;
      const sum = plusDi + minusDi;
      if (sum !== 0) dx = (100 * Math.abs(minusDi - plusDi)) / sum;
    }
    if (i < first) {
      if (!Number.isNaN(dx)) dxSum += dx;
    } else if (i === first) {
      if (!Number.isNaN(dx)) dxSum += dx;
      value = dxSum / period;
      out[i] = value;
    } else {
      if (!Number.isNaN(dx)) value = (value * (period - 1) + dx) / period;
      out[i] = value;
    }
  }
  return out;
}
