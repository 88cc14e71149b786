import { AppError, unprocessable } from '@app/kit';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { OptxInstrument } from '../../venues/deribit/deribit-transforms.js';
import type { OptxClients } from './optx-clients.js';

/**
 * What the gateway checks before an order leaves (notes §5.5 "checks before sending"): the instrument is
 * listed, the amount is at least `min_trade_amount` and a multiple of the contract size (futures) or of
 * `min_trade_amount` (options), prices sit on the tick grid (`tick_size_steps` above their price). A miss is
 * a 4xx naming the field and the allowed step, and nothing is sent.
 */

/** The `currency` of an instrument's family: the coin, or `USDC` for the linear `<COIN>_USDC-…` names. */
export function currencyOf(instrumentName: string): string {
  const head = instrumentName.split('-')[0] ?? '';
  return head.includes('_') ? (head.split('_')[1] ?? 'USDC') : head;
}

/** Settlement families Deribit lists instruments under (notes §4.2); a name outside them is not listed. */
const FAMILIES = new Set(['BTC', 'ETH', 'USDC', 'USDT', 'EURR']);

export async function listedInstrument(
  context: CallDeadline,
  clients: OptxClients,
  name: string,
): Promise<OptxInstrument> {
  const currency = currencyOf(name);
  const listing = FAMILIES.has(currency)
    ? await clients.market.getInstruments(context, { currency, kind: null })
    : null;
  const instrument = listing?.data.find((row) => row.instrument_name === name);
  if (!instrument)
    throw new AppError(404, 'UNKNOWN_INSTRUMENT', `optx does not list ${name}`, {
      details: { field: 'instrument_name', instrument_name: name },
    });
  return instrument;
}

const onGrid = (value: number, step: number) => {
  const units = value / step;
  return Math.abs(units - Math.round(units)) <= 1e-9 * Math.max(1, Math.abs(units));
};
const nearest = (value: number, step: number) => Number((Math.round(value / step) * step).toPrecision(12));

/** Deribit's step for the price: the tick, or the coarser one of `tick_size_steps` at or above its price. */
export function tickAt(instrument: OptxInstrument, price: number): number {
  const steps = (instrument.tick_size_steps ?? []) as { above_price: number; tick_size: number }[];
  let tick = instrument.tick_size;
  for (const step of steps) if (price >= step.above_price) tick = step.tick_size;
  return tick;
}

export const amountStep = (instrument: OptxInstrument) =>
  instrument.kind === 'option'
    ? (instrument.min_trade_amount ?? 1)
    : (instrument.contract_size ?? instrument.min_trade_amount ?? 1);

export function checkAmount(instrument: OptxInstrument, amount: number, field = 'amount'): void {
  const step = amountStep(instrument);
  const minimum = instrument.min_trade_amount ?? step;
  if (amount < minimum)
    throw unprocessable(
      `${field}: below the minimum of ${minimum} for ${instrument.instrument_name}`,
      'AMOUNT_TOO_SMALL',
      {
        field,
        minimum,
        step,
      },
    );
  if (!onGrid(amount, step))
    throw unprocessable(
      `${field}: ${instrument.instrument_name} trades in steps of ${step} (nearest: ${nearest(amount, step)})`,
      'AMOUNT_OFF_STEP',
      { field, step, nearest: nearest(amount, step) },
    );
}

export function checkPrice(instrument: OptxInstrument, price: number, field = 'price'): void {
  const tick = tickAt(instrument, price);
  if (!onGrid(price, tick))
    throw unprocessable(
      `${field}: ${instrument.instrument_name} prices move in ticks of ${tick} (nearest: ${nearest(price, tick)})`,
      'PRICE_OFF_TICK',
      { field, tick, nearest: nearest(price, tick) },
    );
}
