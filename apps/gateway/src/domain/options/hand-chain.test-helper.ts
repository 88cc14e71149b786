import { type ChainOption, chainFromOptions } from './chain.js';

/**
 * The dozen-option chain the analytics tests work out by hand: spot 100 000, two expiries at τ = 0.1
 * (forward 100 000) and τ = 0.4 (forward 101 000). IV by strike is shared by the call and put there.
 */
export const T0 = Date.UTC(2026, 0, 1, 8);
export const E1 = T0 + 36.5 * 86_400_000;
export const E2 = T0 + 146 * 86_400_000;
export const SPOT = 100_000;

const o = (
  expiry: number,
  type: 'call' | 'put',
  strike: number,
  markIv: number,
  openInterest: number,
  volume: number,
  markPrice: number,
): ChainOption => ({
  name: `BTC-${expiry === E1 ? 'E1' : 'E2'}-${strike}-${type === 'call' ? 'C' : 'P'}`,
  expiry,
  strike,
  type,
  forward: expiry === E1 ? 100_000 : 101_000,
  markIv,
  openInterest,
  volume,
  markPrice,
});

export const HAND_OPTIONS: ChainOption[] = [
  o(E1, 'call', 90_000, 55, 100, 10, 0.11),
  o(E1, 'call', 100_000, 50, 300, 40, 0.063),
  o(E1, 'call', 110_000, 48, 500, 60, 0.025),
  o(E1, 'call', 120_000, 50, 200, 20, 0.009),
  o(E1, 'put', 85_000, 58, 400, 30, 0.012),
  o(E1, 'put', 95_000, 52, 600, 50, 0.04),
  o(E1, 'put', 100_000, 50, 250, 20, 0.063),
  o(E1, 'put', 110_000, 48, 50, 5, 0.12),
  o(E2, 'call', 100_000, 54, 150, 15, 0.14),
  o(E2, 'put', 100_000, 54, 120, 10, 0.13),
  o(E2, 'call', 110_000, 52, 80, 8, 0.1),
  o(E2, 'put', 90_000, 56, 200, 12, 0.07),
];

export const handChain = () => chainFromOptions('BTC', HAND_OPTIONS, SPOT, T0);

/** Black-76 gamma and delta written out again, for the hand computations of the tests. */
export function handD1(f: number, k: number, ivPercent: number, tau: number) {
  const s = (ivPercent / 100) * Math.sqrt(tau);
  return (Math.log(f / k) + (s * s) / 2) / s;
}

export function handGamma(f: number, k: number, ivPercent: number, tau: number) {
  const d1 = handD1(f, k, ivPercent, tau);
  return Math.exp((-d1 * d1) / 2) / Math.sqrt(2 * Math.PI) / (f * (ivPercent / 100) * Math.sqrt(tau));
}
