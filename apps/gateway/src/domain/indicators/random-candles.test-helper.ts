/** A seeded random walk of `n` candles with realistic wicks, as typed arrays and as plain arrays. */
export function randomCandles(n: number, seed = 12345, start = 100) {
  let state = seed;
  const rnd = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const close = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  let price = start;
  for (let i = 0; i < n; i++) {
    const open = price;
    price *= Math.exp((rnd() - 0.5) * 0.02);
    close[i] = price;
    high[i] = Math.max(open, price) * (1 + rnd() * 0.005);
    low[i] = Math.min(open, price) * (1 - rnd() * 0.005);
  }
  return { close, high, low, C: Array.from(close), H: Array.from(high), L: Array.from(low) };
}
