import { isAppError } from '@app/kit';
import type { ToolContext } from '../../tools/tool.js';
import { checkOwnLimit, type Market, type PricedOrder } from '../../trading/risk/fill-valuation.js';
import {
  isRiskRefusal,
  type RiskCode,
  type RiskDetails,
  riskRefusal,
} from '../../trading/risk/risk-errors.js';
import { PRICE_QUESTION_IDS, type QuestionVeto } from '../../venues/ibkr/ibkr-orders.js';
import type { BrokerClients } from './broker-tool.js';
import type { OrderLeg } from './order.schema.js';
import { quoteOf } from './quote-rows.js';

type Context = ToolContext<BrokerClients>;

const CODES = { last: '31', bid: '84', ask: '86', bid_size: '88', ask_size: '85', mark: '7635' } as const;
export const MARKET_FIELDS = Object.values(CODES);

/**
 * A conid's market from its snapshot: the top of the book (one level a side: the depth ladder is a scarce
 * streamed subscription, notes §5.4) and the mark (field 7635, else the last price, else the mid). An order
 * larger than the top level counts its rest at its limit, an upper bound of what deeper levels would give;
 * a market order larger than it cannot be priced.
 */
export function marketOfRow(row: Record<string, unknown>, collarPct: number): Market {
  const quote = quoteOf(CODES, row);
  const level = (price: number | null, size: number | null) =>
    price !== null && price > 0 && size !== null && size > 0 ? [[price, size] as const] : [];
  const mid = quote.bid !== null && quote.ask !== null ? (quote.bid + quote.ask) / 2 : null;
  return {
    book: { bids: level(quote.bid, quote.bid_size), asks: level(quote.ask, quote.ask_size) },
    mark: quote.mark ?? quote.last ?? mid ?? undefined,
    collarPct,
  };
}

export async function brokerMarket(context: Context, conid: number): Promise<Market> {
  const snapshot = await context.clients.broker.snapshot(context, [conid], MARKET_FIELDS);
  const row = snapshot.data.find((item) => Number(item.conid) === conid) ?? {};
  return marketOfRow(row, context.clients.priceCollarPct);
}

/**
 * A leg as fill-valuation.ts values it: a limit within its price (collared); a market order unbounded (IBKR
 * gives it no protection price); a stop limit at its limit, collared against its stop; a stop, which IBKR
 * sends as a market order once fired, assumed to fill within the collar of its stop price.
 */
export function valuedLeg(leg: OrderLeg, collarPct: number): PricedOrder {
  const base = { venue: 'broker', instrument: String(leg.conid), side: leg.side, size: leg.quantity };
  switch (leg.type) {
    case 'limit':
      return { ...base, limit: leg.price!, collared: true };
    case 'market':
      return { ...base, collared: false };
    case 'stop_limit':
      return { ...base, trigger: leg.stop_price!, limit: leg.price!, collared: true };
    case 'stop': {
      const move = leg.side === 'buy' ? 1 + collarPct / 100 : 1 - collarPct / 100;
      return { ...base, trigger: leg.stop_price!, limit: leg.stop_price! * move, collared: false };
    }
  }
}

/**
 * The second line behind the plan's collar: IBKR asks o163 when a limit is more than 3 % from its last price
 * and the allow-list would confirm it. The gateway says no when a leg's limit is outside the collar of the
 * market read now (it may have moved since the plan), refusing with 422 PRICE_COLLAR and the venue's question.
 */
export function collarVeto(legs: OrderLeg[], marketOf: (conid: number) => Promise<Market>): QuestionVeto {
  return async (question) => {
    if (!question.ids.some((id) => PRICE_QUESTION_IDS.has(id))) return undefined;
    for (const leg of legs) {
      const market = await marketOf(leg.conid);
      try {
        checkOwnLimit(valuedLeg(leg, market.collarPct), market);
      } catch (error) {
        if (!isAppError(error) || !isRiskRefusal(error)) throw error;
        return riskRefusal(error.code as RiskCode, `${error.message}; the venue's question was declined`, {
          ...(error.details as RiskDetails),
          question: question.text,
          message_ids: question.ids,
        });
      }
    }
    return undefined;
  };
}

/** collarVeto on the snapshot of each leg's conid. */
export const priceVeto = (context: Context, legs: OrderLeg[]): QuestionVeto =>
  collarVeto(legs, (conid) => brokerMarket(context, conid));
