import { AppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { resolveAsset } from '../../venues/hyperliquid/perp-orders.js';
import { perpdexTool } from './perpdex-tool.js';
import type { PerpdexContext } from './perpdex-writes.js';

/** Public market reads of `/mcp-perpdex` (notes §2): ticker, book, trades. */

const num = (description: string) => Type.Number({ description });
const nullableNum = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });
const coinField = Type.String({
  minLength: 1,
  maxLength: 32,
  description: 'Perp coin, case-sensitive (BTC, ETH, kPEPE)',
});

/** A listed coin, else 404 naming the field (Hyperliquid answers unknown coins with nothing useful). */
async function listedCoin(context: PerpdexContext, coin: string): Promise<void> {
  resolveAsset((await context.clients.perpdex.getMeta(context)).data, coin);
}

export const getTicker = perpdexTool({
  name: 'get_ticker',
  title: 'Ticker',
  summary:
    'Mark, mid, oracle, best bid/ask, 24 h change and volume, hourly funding and open interest of a perp',
  kind: 'read',
  input: Type.Object({ coin: coinField }, { additionalProperties: false, examples: [{ coin: 'BTC' }] }),
  output: Type.Object(
    {
      coin: Type.String(),
      mark_price: nullableNum('USD'),
      mid_price: nullableNum('USD'),
      oracle_price: nullableNum('USD'),
      best_bid: nullableNum('USD'),
      best_ask: nullableNum('USD'),
      prev_day_price: nullableNum('USD, 24 h ago'),
      change_24h_pct: nullableNum('Mark versus 24 h ago, percent'),
      volume_24h_usd: nullableNum('24 h notional volume, USD'),
      funding_rate_hourly: nullableNum('Current hourly funding rate (fraction)'),
      open_interest: nullableNum('Base units'),
    },
    {
      examples: [
        {
          coin: 'BTC',
          mark_price: 97112,
          mid_price: 97111.5,
          oracle_price: 97100,
          best_bid: 97111,
          best_ask: 97112,
          prev_day_price: 96001,
          change_24h_pct: 1.157,
          volume_24h_usd: 2143876120.55,
          funding_rate_hourly: 0.0000125,
          open_interest: 30512.11021,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { perpdex } = context.clients;
    const [markets, book] = await Promise.all([
      perpdex.getMarkets(context),
      perpdex.getBook(context, input.coin),
    ]);
    const market = markets.data.find((entry) => entry.asset === input.coin && !entry.native.meta.isDelisted);
    if (!market) await listedCoin(context, input.coin);
    const ctx = (market?.native.context ?? {}) as Record<string, unknown>;
    const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    const prev = number(ctx.prevDayPx);
    const mark = market?.mark_price ?? null;
    return {
      data: {
        coin: input.coin,
        mark_price: mark,
        mid_price: number(ctx.midPx),
        oracle_price: number(ctx.oraclePx),
        best_bid: book.data?.bids[0]?.price ?? null,
        best_ask: book.data?.asks[0]?.price ?? null,
        prev_day_price: prev,
        change_24h_pct: mark !== null && prev ? ((mark - prev) / prev) * 100 : null,
        volume_24h_usd: market?.volume_24h ?? null,
        funding_rate_hourly: market?.funding_rate ?? null,
        open_interest: market?.open_interest ?? null,
      },
      obtainedAt: Math.min(markets.receivedAt, book.receivedAt),
      stale: markets.stale,
    };
  },
});

const LevelSchema = Type.Object({ price: num('USD'), size: num('Base units'), orders: Type.Integer() });

export const getOrderbook = perpdexTool({
  name: 'get_orderbook',
  title: 'Order book',
  summary: 'Up to 20 price levels a side (l2Book), optionally aggregated to 2–5 significant figures',
  kind: 'read',
  input: Type.Object(
    {
      coin: coinField,
      depth: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 20, default: 20, description: 'Levels per side' }),
      ),
      significant_figures: Type.Optional(
        Type.Integer({
          minimum: 2,
          maximum: 5,
          description: 'Aggregate levels to this many significant figures',
        }),
      ),
    },
    { additionalProperties: false, examples: [{ coin: 'ETH', depth: 10 }] },
  ),
  output: Type.Object(
    {
      coin: Type.String(),
      bids: Type.Array(LevelSchema, { description: 'Best first' }),
      asks: Type.Array(LevelSchema, { description: 'Best first' }),
      spread: nullableNum('Best ask minus best bid, USD'),
    },
    {
      examples: [
        {
          coin: 'ETH',
          bids: [{ price: 3456.7, size: 12.3401, orders: 4 }],
          asks: [{ price: 3456.8, size: 8.1, orders: 2 }],
          spread: 0.1,
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const book = await context.clients.perpdex.getBook(
      context,
      input.coin,
      input.significant_figures ?? null,
    );
    if (!book.data) {
      await listedCoin(context, input.coin);
      throw new AppError(502, 'UPSTREAM_BAD_RESPONSE', `perpdex returned no book for ${input.coin}`);
    }
    const depth = input.depth ?? 20;
    const bids = book.data.bids.slice(0, depth);
    const asks = book.data.asks.slice(0, depth);
    const spread = bids[0] && asks[0] ? Number((asks[0].price - bids[0].price).toPrecision(12)) : null;
    return { data: { coin: input.coin, bids, asks, spread }, obtainedAt: book.receivedAt };
  },
});

export const getTradeHistory = perpdexTool({
  name: 'get_trade_history',
  title: 'Trade history',
  summary: 'Recent public trades of a coin (recentTrades), or the account own fills (userFills)',
  kind: 'read',
  input: Type.Object(
    {
      coin: Type.Optional(coinField),
      source: Type.Optional(
        Type.Union([Type.Literal('public'), Type.Literal('own')], {
          default: 'public',
          description:
            '`public`: the tape of `coin` (required); `own`: the account fills, of `coin` when given',
        }),
      ),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000, default: 100 })),
    },
    { additionalProperties: false, examples: [{ coin: 'BTC' }, { source: 'own', limit: 50 }] },
  ),
  output: Type.Object(
    {
      source: Type.String(),
      trades: Type.Array(
        Type.Object({
          coin: Type.String(),
          side: Type.Union([Type.Literal('buy'), Type.Literal('sell')], {
            description: 'Aggressor side (public) or own side',
          }),
          price: num('USD'),
          size: num('Base units'),
          time: Type.String({ format: 'date-time' }),
          trade_id: Type.Integer(),
          fee_usd: Type.Optional(num('Own fills: fee paid, USD')),
          closed_pnl_usd: Type.Optional(num('Own fills: realised P&L, USD')),
          direction: Type.Optional(Type.String({ description: 'Own fills: Open Long, Close Short, ...' })),
        }),
      ),
    },
    {
      examples: [
        {
          source: 'public',
          trades: [
            {
              coin: 'BTC',
              side: 'buy',
              price: 97123,
              size: 0.01234,
              time: '2026-11-20T12:34:56.789Z',
              trade_id: 118906512037719,
            },
          ],
        },
      ],
    },
  ),
  handler: async (input, context) => {
    const { perpdex } = context.clients;
    const limit = input.limit ?? 100;
    if (input.source === 'own') {
      const fills = await perpdex.trading.fills(context);
      const trades = fills.data
        .filter((fill) => !input.coin || fill.coin === input.coin)
        .slice(0, limit)
        .map(({ order_id: _order, taker: _taker, ...fill }) => fill);
      return { data: { source: 'own', trades }, obtainedAt: fills.receivedAt };
    }
    if (!input.coin)
      throw new AppError(422, 'VALIDATION_ERROR', 'coin: required for the public tape', {
        details: { field: 'coin' },
      });
    await listedCoin(context, input.coin);
    const trades = await perpdex.getRecentTrades(context, input.coin);
    return { data: { source: 'public', trades: trades.data.slice(0, limit) }, obtainedAt: trades.receivedAt };
  },
});
