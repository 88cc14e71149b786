import { COINS } from '../market/coins.js';
import { pricePath } from '../market/price-path.js';
import { activeExpiries } from '../market/universe.js';
import { datedFuture, options } from './deribit-expiring.js';
import { DAY_MS, type SimInstrument } from './deribit-instrument.js';
import { perpetuals, spotPairs } from './deribit-perpetuals.js';

/** Deribit's instrument catalogue, generated from the seed and the clock (notes §12.1 item 6). */

export { PERPETUAL_EXPIRY, type SimInstrument } from './deribit-instrument.js';

const catalogues = new Map<string, SimInstrument[]>();

/**
 * Every active instrument at `now`. Rebuilt once per expiry cycle (08:00 UTC):
 * strikes are laid around the index at the start of the cycle, so a pinned
 * clock always sees the same catalogue.
 */
export function catalogue(seed: number, now: number): SimInstrument[] {
  const expiries = activeExpiries(now);
  const cycleStart = (expiries[0]?.timestamp ?? now) - DAY_MS;
  const key = `${seed}:${cycleStart}`;
  const cached = catalogues.get(key);
  if (cached) return cached;
  const all = [...perpetuals(seed, cycleStart), ...spotPairs(seed)];
  for (const spec of COINS) {
    const spot = pricePath(seed, spec).priceAt(cycleStart);
    for (const expiry of expiries) {
      if (spec.deribitInverse && expiry.kind !== 'day') all.push(datedFuture(seed, spec, expiry));
      const hasOptions =
        spec.deribitInverse ||
        (spec.coin === 'SOL' && (expiry.kind === 'month' || expiry.kind === 'quarter'));
      if (hasOptions) all.push(...options(seed, spec, expiry, spot, cycleStart));
    }
  }
  if (catalogues.size > 16) catalogues.clear();
  catalogues.set(key, all);
  return all;
}

const indexes = new WeakMap<SimInstrument[], Map<string, SimInstrument>>();

export function findInstrument(seed: number, now: number, name: string): SimInstrument | undefined {
  const all = catalogue(seed, now);
  let byName = indexes.get(all);
  if (!byName) {
    byName = new Map(all.map((instrument) => [instrument.name, instrument]));
    indexes.set(all, byName);
  }
  return byName.get(name);
}
