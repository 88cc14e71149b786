/**
 * Canonical coins of the consensus mode mapped to each venue's native
 * symbol, per the spec's `optx` symbol conventions: BTC and ETH use the
 * inverse `<COIN>-PERPETUAL` (the deepest books); every other coin uses the
 * USDC-linear `<COIN>_USDC-PERPETUAL`, because its inverse symbol either does
 * not exist or is a stale contract with a divergent price. `perpdex` names
 * perps by the coin itself.
 */

export type ConsensusExchange = 'optx' | 'perpdex';

const INVERSE_ON_OPTX = new Set(['BTC', 'ETH']);
const CANONICAL = /^[A-Z0-9]{2,12}$/;

/** `BTC`, `btc`, ` Btc ` → `BTC`; null when it cannot be a canonical coin name. */
export function canonicalCoin(instrument: string): string | null {
  const coin = instrument.trim().toUpperCase();
  return CANONICAL.test(coin) ? coin : null;
}

export function optxSymbol(coin: string): string {
  return INVERSE_ON_OPTX.has(coin) ? `${coin}-PERPETUAL` : `${coin}_USDC-PERPETUAL`;
}

/** Hyperliquid coin names are case-sensitive (`kPEPE`); match the listing case-insensitively. */
export function perpdexSymbol(coin: string, listed: readonly string[]): string | undefined {
  return listed.find((name) => name.toUpperCase() === coin);
}
