import { Type } from '@sinclair/typebox';
import { DepthSchema } from './market-schemas.js';
import { optxTool } from './optx-clients.js';
import { InstrumentName } from './order-schemas.js';

type Level = [number, number];

/**
 * The notes' convention (§8): over the top N levels, imbalance = (Σbid − Σask) / (Σbid + Σask) in [−1, 1];
 * spread = ask − bid, mid, spread_bps = 1e4 × spread / mid. Amounts stay in the instrument's units.
 */
export function bookImbalance(bids: Level[], asks: Level[]) {
  const bidVolume = bids.reduce((sum, [, amount]) => sum + amount, 0);
  const askVolume = asks.reduce((sum, [, amount]) => sum + amount, 0);
  const total = bidVolume + askVolume;
  const bestBid = bids[0]?.[0] ?? null;
  const bestAsk = asks[0]?.[0] ?? null;
  const both = bestBid !== null && bestAsk !== null;
  const mid = both ? (bestBid + bestAsk) / 2 : null;
  const spread = both ? bestAsk - bestBid : null;
  return {
    imbalance: total > 0 ? (bidVolume - askVolume) / total : 0,
    bid_volume: bidVolume,
    ask_volume: askVolume,
    best_bid: bestBid,
    best_ask: bestAsk,
    mid,
    spread,
    spread_bps: mid && spread !== null ? (1e4 * spread) / mid : null,
  };
}

const nullableNumber = Type.Union([Type.Number(), Type.Null()]);

export const getOrderbookImbalance = optxTool({
  name: 'get_orderbook_imbalance',
  title: 'Order book imbalance',
  summary: 'optx book imbalance over the top N levels: (bids − asks) / (bids + asks), spread and mid',
  description:
    'imbalance ∈ [−1, 1], positive when bids outweigh asks; volumes in the instrument’s units (USD for inverse perpetuals, coin for options). Gateway convention.',
  kind: 'read',
  input: Type.Object(
    { instrument_name: InstrumentName, depth: Type.Optional({ ...DepthSchema, default: 10 }) },
    { additionalProperties: false, examples: [{ instrument_name: 'BTC-PERPETUAL', depth: 10 }] },
  ),
  output: Type.Object(
    {
      instrument_name: Type.String(),
      depth: Type.Integer(),
      imbalance: Type.Number(),
      bid_volume: Type.Number(),
      ask_volume: Type.Number(),
      best_bid: nullableNumber,
      best_ask: nullableNumber,
      mid: nullableNumber,
      spread: nullableNumber,
      spread_bps: nullableNumber,
    },
    {
      examples: [
        {
          instrument_name: 'BTC-PERPETUAL',
          depth: 10,
          imbalance: 0.12,
          bid_volume: 1120000,
          ask_volume: 880000,
          best_bid: 118452,
          best_ask: 118452.5,
          mid: 118452.25,
          spread: 0.5,
          spread_bps: 0.0422,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { clients } = context;
    const depth = input.depth ?? 10;
    const fetched = await clients.trading.getOrderBook(context, input.instrument_name, depth);
    const book = fetched.data as { bids?: Level[]; asks?: Level[] };
    return {
      data: {
        instrument_name: input.instrument_name,
        depth,
        ...bookImbalance((book.bids ?? []).slice(0, depth), (book.asks ?? []).slice(0, depth)),
      },
      obtainedAt: fetched.receivedAt,
    };
  },
});
