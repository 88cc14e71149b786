import type { AccountState, Position } from './accounts.js';
import { contractValue, type Instrument, positionPnl } from './instrument.js';

/**
 * Cross margin per settlement currency: every position settled in a currency shares that currency's balance
 * (Deribit's cross standard margin, Hyperliquid's cross mode, one IBKR margin account). Initial margin is
 * value / leverage, maintenance margin value × the instrument's rate, both at the mark.
 */
export interface PositionView extends Position {
  markPrice: number;
  unrealisedPnl: number;
  /** Value at the mark in the settlement currency. */
  value: number;
  leverage: number;
  initialMargin: number;
  maintenanceMargin: number;
  /** The mark at which equity would fall to maintenance margin, others held; null if no such price. */
  liquidationPrice: number | null;
}

export interface AccountSummary {
  currency: string;
  balance: number;
  unrealisedPnl: number;
  /** Balance plus unrealised P&L: what moves only by fees, realised and unrealised P&L and funding. */
  equity: number;
  initialMargin: number;
  maintenanceMargin: number;
  /** Initial margin reserved by open orders that would add exposure. */
  openOrderMargin: number;
  /** Equity left after initial margin of positions and open orders (Deribit `available_funds`). */
  availableFunds: number;
}

export interface Valuation {
  instrument(symbol: string): Instrument;
  mark(instrument: Instrument): number;
}

export const leverageOf = (account: AccountState, instrument: Instrument): number =>
  account.leverage.get(instrument.symbol) ?? instrument.maxLeverage;

/**
 * Solves equity(P) = maintenance margin(P) for the mark P of one position, given the collateral that backs it
 * (the currency's equity without this position's P&L, less the other positions' maintenance margin).
 * Linear:  C + s(P − e) = |s|·P·m  ⇒  P = (s·e − C) / (s − |s|·m)
 * Inverse: C + s(1/e − 1/P) = |s|·m/P  ⇒  P = (s + |s|·m) / (C + s/e)
 * Returns null when no positive price solves it (a long fully paid for, a coin-backed inverse short).
 */
export function liquidationPrice(
  instrument: Instrument,
  size: number,
  entry: number,
  collateral: number,
  maintenanceRate: number,
): number | null {
  if (size === 0) return null;
  const magnitude = Math.abs(size);
  const price =
    instrument.settlement === 'linear'
      ? (size * entry - collateral) / (size - magnitude * maintenanceRate)
      : (size + magnitude * maintenanceRate) / (collateral + size / entry);
  return Number.isFinite(price) && price > 0 ? price : null;
}

function margins(instrument: Instrument, position: Position, mark: number, leverage: number) {
  const value = contractValue(instrument, Math.abs(position.size), mark);
  return {
    value,
    unrealisedPnl: positionPnl(instrument, position.size, position.entryPrice, mark),
    initialMargin: value / leverage,
    maintenanceMargin: value * instrument.maintenanceMarginRate,
  };
}

/** The account in one settlement currency, valued at the marks. */
export function accountSummary(
  account: AccountState,
  currency: string,
  valuation: Valuation,
  openOrderMargin: number,
): AccountSummary {
  const balance = account.balances.get(currency) ?? 0;
  let unrealisedPnl = 0;
  let initialMargin = 0;
  let maintenanceMargin = 0;
  for (const position of account.positions.values()) {
    const instrument = valuation.instrument(position.symbol);
    if (instrument.settlementCurrency !== currency || position.size === 0) continue;
    const m = margins(instrument, position, valuation.mark(instrument), leverageOf(account, instrument));
    unrealisedPnl += m.unrealisedPnl;
    initialMargin += m.initialMargin;
    maintenanceMargin += m.maintenanceMargin;
  }
  const equity = balance + unrealisedPnl;
  return {
    currency,
    balance,
    unrealisedPnl,
    equity,
    initialMargin,
    maintenanceMargin,
    openOrderMargin,
    availableFunds: equity - initialMargin - openOrderMargin,
  };
}

/** One position with its P&L, margins and liquidation price at the mark. */
export function positionView(account: AccountState, position: Position, valuation: Valuation): PositionView {
  const instrument = valuation.instrument(position.symbol);
  const mark = valuation.mark(instrument);
  const leverage = leverageOf(account, instrument);
  const own = margins(instrument, position, mark, leverage);
  const summary = accountSummary(account, instrument.settlementCurrency, valuation, 0);
  const collateral = summary.equity - own.unrealisedPnl - (summary.maintenanceMargin - own.maintenanceMargin);
  return {
    ...position,
    markPrice: mark,
    unrealisedPnl: own.unrealisedPnl,
    value: own.value,
    leverage,
    initialMargin: own.initialMargin,
    maintenanceMargin: own.maintenanceMargin,
    liquidationPrice: liquidationPrice(
      instrument,
      position.size,
      position.entryPrice,
      collateral,
      instrument.maintenanceMarginRate,
    ),
  };
}
