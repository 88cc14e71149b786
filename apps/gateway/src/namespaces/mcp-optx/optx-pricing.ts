import type { ToolContext } from '../../tools/tool.js';
import {
  type Book,
  checkPriceCollar,
  type FillValue,
  type Level,
  worstCaseFill,
} from '../../trading/risk/fill-valuation.js';
import type { OptxClients } from './optx-clients.js';

/** An optx order's type and prices as sent (a combo's legs go as market orders: its price is the structure's). */
export interface OptxPrices {
  type: 'limit' | 'market' | 'stop_limit' | 'stop_market' | 'take_limit' | 'take_market';
  price?: number;
  trigger_price?: number;
}

export interface PricedLeg extends OptxPrices {
  instrument_name: string;
  side: 'buy' | 'sell';
  amount: number;
}

/** Levels read per side; what an order needs past them counts at its limit or the band's edge. */
const BOOK_DEPTH = 20;

interface OptxMarket {
  book: Book;
  mark: number | undefined;
  /** The order-price band (`min_price`/`max_price`): a market order's price is its edge (notes §5.5). */
  band: { min?: number; max?: number };
}

async function marketOf(context: ToolContext<OptxClients>, name: string): Promise<OptxMarket> {
  const fetched = await context.clients.trading.getOrderBook(context, name, BOOK_DEPTH);
  const data = fetched.data as {
    bids?: Level[];
    asks?: Level[];
    mark_price?: number;
    min_price?: number;
    max_price?: number;
  };
  return {
    book: { bids: data.bids ?? [], asks: data.asks ?? [] },
    mark: data.mark_price,
    band: { min: data.min_price, max: data.max_price },
  };
}

/**
 * Checks the leg's own limit against OPTX_PRICE_COLLAR_PCT (the mark's; a stop or take limit against its
 * trigger) and, with `fill`, values it where it can execute: a market order within the band, a fired trigger
 * order at its limit or its trigger moved by the band's width. Inverse futures and options count by amount
 * and index whatever they fill at (optx-exposure.ts), so they only ask for the collar, and a leg that needs
 * neither reads no book.
 */
export async function priceOptxLeg(
  context: ToolContext<OptxClients>,
  leg: PricedLeg,
  fill: boolean,
): Promise<FillValue | undefined> {
  const triggered = leg.type.startsWith('stop') || leg.type.startsWith('take');
  const trigger = triggered ? leg.trigger_price : undefined;
  const ownLimit = leg.type.endsWith('limit') ? leg.price : undefined;
  const order = { venue: 'optx', instrument: leg.instrument_name, side: leg.side };
  const collarPct = context.clients.priceCollarPct;
  if (ownLimit !== undefined && trigger !== undefined)
    checkPriceCollar({ ...order, limit: ownLimit }, trigger, collarPct, 'trigger');
  if (!fill && (ownLimit === undefined || trigger !== undefined)) return undefined;
  const market = await marketOf(context, leg.instrument_name);
  if (ownLimit !== undefined && trigger === undefined)
    checkPriceCollar({ ...order, limit: ownLimit }, market.mark, collarPct);
  if (!fill) return undefined;
  const limit = ownLimit ?? bandLimit(leg.side, market, trigger);
  return worstCaseFill(
    market.book,
    {
      ...order,
      size: leg.amount,
      ...(limit === undefined ? {} : { limit }),
      ...(trigger === undefined ? {} : { trigger }),
    },
    market.mark,
  );
}

/** The band's edge on the order's side; for a trigger order, the trigger moved by the band's width now. */
function bandLimit(
  side: 'buy' | 'sell',
  market: OptxMarket,
  trigger: number | undefined,
): number | undefined {
  const edge = side === 'buy' ? market.band.max : market.band.min;
  if (edge === undefined || trigger === undefined) return edge;
  return market.mark ? trigger * (edge / market.mark) : undefined;
}
