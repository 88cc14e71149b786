import { treasuryUpstream } from './providers/treasury/treasury.upstream.js';
import type { UpstreamSpec } from './upstream/upstream-spec.js';
import { optxUpstream } from './venues/deribit/deribit.upstream.js';
import { perpdexUpstream } from './venues/hyperliquid/hyperliquid.upstream.js';
import { brokerUpstream } from './venues/ibkr/ibkr.upstream.js';

/**
 * Every upstream the gateway calls: a venue or provider module declares its UpstreamSpec and is listed here;
 * the sim profile then needs a simulator of the same name in `@app/sim`'s catalog.
 */
export const upstreamSpecs: readonly UpstreamSpec[] = [
  optxUpstream,
  perpdexUpstream,
  treasuryUpstream,
  brokerUpstream,
];
