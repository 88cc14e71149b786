import { AppError } from '@app/kit';
import type { ExposureSteps, ToolContext } from '../../tools/tool.js';
import type { AccountSnapshot, PlannedOrder } from '../../trading/exposure-view.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { OptxInstrument } from '../../venues/deribit/deribit-transforms.js';
import type { OptxClients } from './optx-clients.js';
import { type OptxPrices, priceOptxLeg } from './optx-pricing.js';

/**
 * The notes' leverage formula (§8, "Leverage-cap helper") in USD: notional = |size| for inverse futures and
 * perpetuals (their amounts are USD), |amount| × index price for options and linear products; equity = the
 * settlement account's equity × index (coin accounts) or as is (USDC); leverage = (open + new) / equity.
 * One account per settlement currency; the index prices are the tickers' of the instruments recently traded.
 */

/** Inverse futures and perpetuals count in USD; everything else in coin. */
const inUsd = (kind: string, settlement: string) => kind === 'future' && settlement !== 'USDC';

export function settlementCurrency(instrument: OptxInstrument): string {
  return String(
    instrument.settlement_currency ?? instrument.quote_currency ?? instrument.base_currency ?? 'BTC',
  );
}

export interface OptxLeg extends OptxPrices {
  instrument: OptxInstrument;
  amount: number;
  side: 'buy' | 'sell';
}

/** USDC-linear futures: amount in coin, price in USD, so what they fill at is what they add. */
const linear = (instrument: OptxInstrument) =>
  instrument.kind === 'future' && settlementCurrency(instrument) === 'USDC';

/**
 * The order's legs (all of one settlement currency) as the cap counts them: every leg adds its notional, a
 * linear leg at the higher of the index and its worst-case fill (optx-pricing.ts). Every leg's own limit is
 * collared first, reduce-only ones too.
 */
export async function optxPlan(
  context: ToolContext<OptxClients>,
  legs: OptxLeg[],
  reduceOnly = false,
): Promise<PlannedOrder> {
  const fills = await Promise.all(
    legs.map((leg) =>
      priceOptxLeg(
        context,
        { ...leg, instrument_name: leg.instrument.instrument_name },
        linear(leg.instrument),
      ),
    ),
  );
  const names = legs.map((leg) => leg.instrument.instrument_name);
  return {
    account: settlementCurrency(legs[0]!.instrument),
    marks: names,
    reduceOnly,
    legs: (snapshot) =>
      legs.map(({ instrument, amount, side }, i) => {
        const index = snapshot.marks.get(instrument.instrument_name)!;
        return {
          instrument: instrument.instrument_name,
          size: side === 'buy' ? amount : -amount,
          unit_notional: inUsd(instrument.kind, settlementCurrency(instrument))
            ? 1
            : Math.max(index, fills[i]?.price ?? 0),
        };
      }),
  };
}

/** The settlement currency's account now: summary, positions and the index price of each mark's ticker. */
export async function readOptxAccount(
  context: CallDeadline,
  clients: OptxClients,
  currency: string,
  marks: string[],
): Promise<AccountSnapshot> {
  const [summary, positions, ...tickers] = await Promise.all([
    clients.trading.getAccountSummary(context, currency),
    clients.trading.getPositions(context, currency),
    ...marks.map((name) => clients.market.getTicker(context, name)),
  ]);
  const prices = new Map(marks.map((name, i) => [name, Number(tickers[i]!.data.index_price)]));
  // A coin account's instruments share the currency's index; USDC equity is in USD already.
  const index = currency === 'USDC' ? 1 : (prices.values().next().value ?? Number.NaN);
  if (!(index > 0))
    throw new AppError(503, 'NO_REFERENCE_PRICE', `optx has no ${currency} index price right now`, {
      retryable: true,
      details: { currency },
    });
  const held = new Map<string, { size: number; notional: number }>();
  let current = 0;
  for (const row of positions.data) {
    const size = Number(row.size);
    const notional =
      Math.abs(size) * (inUsd(String(row.kind), currency) ? 1 : Number(row.index_price ?? index));
    held.set(String(row.instrument_name), { size, notional });
    current += notional;
  }
  return {
    equity: Number(summary.data.equity) * index,
    current_notional: current,
    positions: held,
    marks: prices,
  };
}

/** Spread into `WriteSteps.exposure` of the optx order tools, with a `plan` from optxPlan. */
export const optxAccount: Pick<ExposureSteps<OptxClients, unknown>, 'nets' | 'read' | 'openOrders'> = {
  nets: false,
  read: (currency, marks, context) => readOptxAccount(context, context.clients, currency, marks),
  // Untriggered stop and take orders are not reliably in `all` (get_open_orders reads both likewise).
  openOrders: async (context) => {
    const pages = await Promise.all(
      ['all', 'trigger_all'].map((type) => context.clients.trading.getAllOpenOrders(context, type)),
    );
    return pages.flatMap((page) => page.data.map((order) => String(order.label ?? '')));
  },
};
