import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sma } from './moving-averages.js';
import { rsi } from './oscillators.js';
import { randomCandles } from './random-candles.test-helper.js';
import { adx, atr } from './volatility.js';

/**
 * Cross-check against Tulip Indicators (C library, `tulind` binding), an
 * implementation independent of ours and of `technicalindicators`. Tulip
 * follows TA-Lib for SMA and RSI (Wilder seeding, first RSI at index 14), so
 * those must agree from the first value. For ATR and ADX Tulip seeds one bar
 * earlier than TA-Lib (it counts the first bar's high − low as a true range);
 * Wilder smoothing forgets the seed geometrically, so from bar 300 on the two
 * must agree to 1e-9 as well.
 */
type Run = (inputs: number[][], options: number[], done: (error: unknown, out: number[][]) => void) => void;
const tulind = createRequire(import.meta.url)('tulind') as { indicators: Record<string, { indicator: Run }> };

function tulip(name: string, inputs: number[][], options: number[]): Promise<number[]> {
  return new Promise((resolve, reject) =>
    tulind.indicators[name]!.indicator(inputs, options, (error, out) =>
      error ? reject(error) : resolve(out[0]!),
    ),
  );
}

/** Tulip's output is right-aligned with the input; compare from index `from` on. */
function worstRelative(mine: Float64Array, theirs: readonly number[], from: number): number {
  const offset = mine.length - theirs.length;
  let worst = 0;
  for (let j = Math.max(0, from - offset); j < theirs.length; j++) {
    worst = Math.max(worst, Math.abs(mine[offset + j]! - theirs[j]!) / Math.abs(theirs[j]!));
  }
  return worst;
}

const n = 4000;
const { close, high, low, C, H, L } = randomCandles(n, 2024, 30_000);

describe('indicators agree with Tulip Indicators (4000 candles, 1e-9 relative)', () => {
  it('SMA 20 from its first value', async () => {
    const theirs = await tulip('sma', [C], [20]);
    expect(n - theirs.length).toBe(19);
    expect(worstRelative(sma(close, 20), theirs, 19)).toBeLessThan(1e-9);
  });

  it('RSI 14 from its first value (index 14)', async () => {
    const theirs = await tulip('rsi', [C], [14]);
    expect(n - theirs.length).toBe(14);
    expect(worstRelative(rsi(close, 14), theirs, 14)).toBeLessThan(1e-9);
  });

  it('ATR 14 once the one-bar seeding difference has decayed', async () => {
    const theirs = await tulip('atr', [H, L, C], [14]);
    expect(worstRelative(atr(high, low, close, 14), theirs, 300)).toBeLessThan(1e-9);
  });

  it('ADX 14 once the one-bar seeding difference has decayed', async () => {
    const theirs = await tulip('adx', [H, L, C], [14]);
    expect(worstRelative(adx(high, low, close, 14), theirs, 600)).toBeLessThan(1e-9);
  });
});
