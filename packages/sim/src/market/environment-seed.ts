import type { SimContext } from '../simulator.js';

/**
 * The test instance of every venue quotes its own market, as the real test
 * environments do (prices deviate from live); all test venues share it, so
 * they still agree with each other.
 */
export function environmentSeed(context: SimContext): number {
  return context.environment === 'test' ? (context.marketSeed ^ 0x7e57_0000) >>> 0 : context.marketSeed >>> 0;
}
