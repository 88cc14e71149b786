const CANONICAL = /^[A-Z0-9]{2,12}$/;

/** `BTC`, `btc`, ` Btc ` → `BTC`; null when it cannot be a canonical coin name of the consensus mode. */
export function canonicalCoin(instrument: string): string | null {
  const coin = instrument.trim().toUpperCase();
  return CANONICAL.test(coin) ? coin : null;
}
