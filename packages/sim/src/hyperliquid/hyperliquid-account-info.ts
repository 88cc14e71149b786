import type { Fill, Order } from '../exchange/order.js';
import { MAKER_FEE, TAKER_FEE } from './hyperliquid-core.js';
import { type ExchangeState, retireOrphanedReduceOnly } from './hyperliquid-exchange.js';
import { DeserializeError } from './hyperliquid-info.js';
import { frontendOrder, orderStatusName } from './hyperliquid-order-views.js';
import { findAsset, wireNumber } from './hyperliquid-universe.js';

/** The `/info` requests answered from the exchange core: account state, orders, fills, fees and the book (notes §4). */

type Json = Record<string, unknown>;

const num = (value: number, decimals = 6) => wireNumber(Number(value.toFixed(decimals)) || 0);

function user(body: Json): string {
  if (typeof body.user !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(body.user))
    throw new DeserializeError('user: invalid address');
  return body.user.toLowerCase();
}

function clearinghouseState({ core, context }: ExchangeState, account: string) {
  const positions = core.positions(account).filter((position) => position.size !== 0);
  const summary = core.summary(account, 'USDC');
  const notional = positions.reduce((sum, position) => sum + position.value, 0);
  const signedNotional = positions.reduce((sum, position) => sum + position.size * position.markPrice, 0);
  const margin = {
    accountValue: num(summary.equity),
    totalNtlPos: num(notional),
    totalRawUsd: num(summary.equity - signedNotional),
    totalMarginUsed: num(summary.initialMargin),
  };
  return {
    assetPositions: positions.map((position) => ({
      type: 'oneWay',
      position: {
        coin: position.symbol,
        szi: wireNumber(position.size),
        entryPx: num(position.entryPrice),
        positionValue: num(position.value),
        unrealizedPnl: num(position.unrealisedPnl),
        returnOnEquity: num(
          position.initialMargin > 0 ? position.unrealisedPnl / position.initialMargin : 0,
          8,
        ),
        liquidationPx: position.liquidationPrice === null ? null : num(position.liquidationPrice),
        leverage: { type: 'cross', value: position.leverage },
        marginUsed: num(position.initialMargin),
        maxLeverage: findAsset(position.symbol)?.maxLeverage ?? position.leverage,
        cumFunding: {
          allTime: num(position.funding),
          sinceOpen: num(position.funding),
          sinceChange: num(position.funding),
        },
      },
    })),
    marginSummary: margin,
    crossMarginSummary: margin,
    crossMaintenanceMarginUsed: num(summary.maintenanceMargin),
    withdrawable: num(Math.max(0, summary.availableFunds)),
    time: context.now(),
  };
}

function userFills({ core }: ExchangeState, account: string) {
  const running = new Map<string, number>();
  const out = core.fills(account).map((fill: Fill) => {
    const start = running.get(fill.symbol) ?? 0;
    const signed = fill.side === 'buy' ? fill.size : -fill.size;
    running.set(fill.symbol, Number((start + signed).toFixed(10)));
    const closing = start !== 0 && Math.sign(start) !== Math.sign(signed);
    const dir = `${closing ? 'Close' : 'Open'} ${(closing ? start > 0 : signed > 0) ? 'Long' : 'Short'}`;
    return {
      coin: fill.symbol,
      px: wireNumber(fill.price),
      sz: wireNumber(fill.size),
      side: fill.side === 'buy' ? 'B' : 'A',
      time: fill.at,
      startPosition: wireNumber(start),
      dir,
      closedPnl: num(fill.realisedPnl),
      hash: `0x${fill.id.toString(16).padStart(64, '0')}`,
      oid: fill.orderId,
      crossed: fill.liquidity === 'taker',
      fee: num(fill.fee),
      feeToken: 'USDC',
      tid: fill.id,
    };
  });
  return out.reverse().slice(0, 2000);
}

function orderStatus(state: ExchangeState, account: string, body: Json) {
  const { oid } = body;
  let order: Readonly<Order> | undefined;
  if (typeof oid === 'number') {
    const found = state.core.order(oid);
    order = found && found.account === account ? found : undefined;
  } else if (typeof oid === 'string' && /^0x[0-9a-fA-F]{32}$/.test(oid)) {
    order = state.core.ordersByClientId(account, oid.toLowerCase())[0];
    const refused = order ? undefined : state.rejections.get(`${account}:${oid.toLowerCase()}`);
    if (refused)
      return {
        status: 'order',
        order: { order: refused.order, status: refused.status, statusTimestamp: refused.at },
      };
  } else throw new DeserializeError('oid: expected an integer or a 16-byte hex cloid');
  if (!order) return { status: 'unknownOid' };
  const at = order.history[order.history.length - 1]!.at;
  const status = state.statusOverrides.get(order.id) ?? orderStatusName(order);
  return { status: 'order', order: { order: frontendOrder(order), status, statusTimestamp: at } };
}

function userFees() {
  const rate = (value: number) => wireNumber(value);
  return {
    dailyUserVlm: [],
    feeSchedule: {
      cross: rate(TAKER_FEE),
      add: rate(MAKER_FEE),
      spotCross: '0.0007',
      spotAdd: '0.0004',
      tiers: { vip: [], mm: [] },
      referralDiscount: '0.04',
      stakingDiscountTiers: [],
    },
    userCrossRate: rate(TAKER_FEE),
    userAddRate: rate(MAKER_FEE),
    userSpotCrossRate: '0.0007',
    userSpotAddRate: '0.0004',
    activeReferralDiscount: '0.0',
    trial: null,
    feeTrialReward: '0.0',
    nextTrialAvailableTimestamp: null,
    stakingLink: null,
    activeStakingDiscount: { bpsOfMaxSupply: '0.0', discount: '0.0' },
  };
}

type Level = { price: number; size: number; n: number };

/** Levels merged to `figures` significant figures: bids round down, asks up, as the venue aggregates (notes §4.4). */
function aggregate(levels: { price: number; size: number }[], figures: number, side: 'bid' | 'ask'): Level[] {
  const merged = new Map<number, Level>();
  for (const { price, size } of levels) {
    const step = 10 ** (Math.floor(Math.log10(price)) - figures + 1);
    const units = price / step;
    const key = Number(
      ((side === 'bid' ? Math.floor(units + 1e-9) : Math.ceil(units - 1e-9)) * step).toPrecision(12),
    );
    const level = merged.get(key) ?? { price: key, size: 0, n: 0 };
    level.size = Number((level.size + size).toPrecision(12));
    level.n += 1;
    merged.set(key, level);
  }
  return [...merged.values()];
}

function l2Book({ core, context }: ExchangeState, body: Json) {
  if (typeof body.coin !== 'string') throw new DeserializeError('coin: invalid type, expected a string');
  const figures = body.nSigFigs;
  if (
    figures !== undefined &&
    figures !== null &&
    !(Number.isInteger(figures) && (figures as number) >= 2 && (figures as number) <= 5)
  )
    throw new DeserializeError('nSigFigs: expected 2, 3, 4, 5 or null');
  if (!core.instrument(body.coin)) return null;
  const book = core.book(body.coin, figures ? 200 : 20);
  const side = (levels: { price: number; size: number }[], which: 'bid' | 'ask') =>
    (figures ? aggregate(levels, figures as number, which) : levels.map((l) => ({ ...l, n: 1 })))
      .slice(0, 20)
      .map((l) => ({ px: wireNumber(l.price), sz: wireNumber(l.size), n: l.n }));
  return { coin: body.coin, time: context.now(), levels: [side(book.bids, 'bid'), side(book.asks, 'ask')] };
}

/** The answer when the core serves this request type, else undefined (the public `/info` then answers). */
export function answerAccountInfo(state: ExchangeState, body: Json): { answer: unknown } | undefined {
  retireOrphanedReduceOnly(state);
  switch (body.type) {
    case 'clearinghouseState':
      return { answer: clearinghouseState(state, user(body)) };
    case 'frontendOpenOrders':
      return { answer: state.core.openOrders(user(body)).reverse().map(frontendOrder) };
    case 'openOrders':
      return {
        answer: state.core
          .openOrders(user(body))
          .reverse()
          .map((order) => {
            const { coin, side, limitPx, sz, oid, timestamp, origSz, cloid, reduceOnly } =
              frontendOrder(order);
            return {
              coin,
              side,
              limitPx,
              sz,
              oid,
              timestamp,
              origSz,
              ...(cloid ? { cloid } : {}),
              ...(reduceOnly ? { reduceOnly } : {}),
            };
          }),
      };
    case 'orderStatus':
      return { answer: orderStatus(state, user(body), body) };
    case 'userFills':
      return { answer: userFills(state, user(body)) };
    case 'userFees':
      user(body);
      return { answer: userFees() };
    case 'l2Book':
      return { answer: l2Book(state, body) };
    default:
      return undefined;
  }
}
