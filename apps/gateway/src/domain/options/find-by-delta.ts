import { black76Delta } from './black76.js';
import type { ChainSnapshot } from './chain.js';

/**
 * find_by_delta (notes §9.12): among one expiry's options of one type, the one whose delta (computed from
 * mark_iv, one bulk call) is nearest the target; ties go to the larger open interest [gateway convention].
 * A put target is negative; a positive one given with `put` is taken as |target|.
 */
export function findByDelta(
  chain: ChainSnapshot,
  expiry: number,
  type: 'call' | 'put',
  target: number,
): { index: number; delta: number } | null {
  const call = type === 'call';
  const signed = call ? Math.abs(target) : -Math.abs(target);
  let best: { index: number; delta: number; distance: number } | null = null;
  for (let i = 0; i < chain.strike.length; i++) {
    if (chain.expiry[i] !== expiry || (chain.isCall[i] === 1) !== call) continue;
    const delta = black76Delta(chain.forward[i]!, chain.strike[i]!, chain.vol[i]!, chain.years[i]!, call);
    const distance = Math.abs(delta - signed);
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && chain.openInterest[i]! > chain.openInterest[best.index]!)
    )
      best = { index: i, delta, distance };
  }
  return best && { index: best.index, delta: best.delta };
}
