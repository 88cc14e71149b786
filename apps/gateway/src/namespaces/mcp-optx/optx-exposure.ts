import type { Exposure } from '../../trading/leverage-cap.js';
import type { OptxInstrument } from '../../venues/deribit/deribit-transforms.js';
import type { OptxClients } from './optx-clients.js';

/**
 * The notes' leverage formula (§8, "Leverage-cap helper") in USD: notional = |size| for inverse futures and
 * perpetuals (their amounts are USD), |amount| × index price for options and linear products; equity = the
 * settlement account's equity × index (coin accounts) or as is (USDC); leverage = (open + new) / equity.
 */

/** Inverse futures and perpetuals count in USD; everything else in coin. */
const inUsd = (kind: string, settlement: string) => kind === 'future' && settlement !== 'USDC';

export function settlementCurrency(instrument: OptxInstrument): string {
  return String(
    instrument.settlement_currency ?? instrument.quote_currency ?? instrument.base_currency ?? 'BTC',
  );
}

export async function optxExposure(
  clients: OptxClients,
  legs: { instrument: OptxInstrument; amount: number }[],
): Promise<Exposure> {
  const first = legs[0]!.instrument;
  const currency = settlementCurrency(first);
  const [ticker, summary, positions] = await Promise.all([
    clients.market.getTicker(first.instrument_name),
    clients.trading.getAccountSummary(currency),
    clients.trading.getPositions(currency),
  ]);
  const index = Number(ticker.data.index_price);
  const equity = Number(summary.data.equity) * (currency === 'USDC' ? 1 : index);
  let current = 0;
  for (const row of positions.data) {
    const size = Math.abs(Number(row.size));
    current += inUsd(String(row.kind), currency) ? size : size * Number(row.index_price ?? index);
  }
  const added = legs.reduce(
    (sum, leg) =>
      sum +
      (inUsd(leg.instrument.kind, settlementCurrency(leg.instrument)) ? leg.amount : leg.amount * index),
    0,
  );
  return { equity, current_notional: current, added_notional: added };
}
