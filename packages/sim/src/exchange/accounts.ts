import { averageEntry, contractValue, type Instrument, positionPnl } from './instrument.js';
import { snap } from './steps.js';

/** One account's holding of one instrument. Size is signed (long positive) in the instrument's order units. */
export interface Position {
  readonly symbol: string;
  size: number;
  /** Value-weighted mean entry (harmonic for inverse); 0 while flat. */
  entryPrice: number;
  /** P&L realised by reductions since the account first traded the instrument, before fees. */
  realisedPnl: number;
  /** Funding paid (positive) or received (negative) since the account first traded the instrument. */
  funding: number;
  /** Fees paid on the instrument (negative for net rebates). */
  fees: number;
}

/**
 * Every change to a balance, with its cause: the property tests check that equity moves by nothing else, and
 * the venues serve fill and funding histories from it.
 */
export interface LedgerEntry {
  readonly at: number;
  readonly account: string;
  readonly currency: string;
  readonly kind: 'deposit' | 'fee' | 'realised_pnl' | 'funding';
  /** Signed change to the balance. */
  readonly amount: number;
  readonly symbol: string | null;
}

export interface AccountState {
  readonly id: string;
  readonly balances: Map<string, number>;
  readonly positions: Map<string, Position>;
  /** Chosen leverage per symbol; absent means the instrument's maximum. */
  readonly leverage: Map<string, number>;
}

export class Accounts {
  private readonly accounts = new Map<string, AccountState>();
  readonly ledger: LedgerEntry[] = [];

  get(id: string): AccountState {
    let account = this.accounts.get(id);
    if (!account) {
      account = { id, balances: new Map(), positions: new Map(), leverage: new Map() };
      this.accounts.set(id, account);
    }
    return account;
  }

  all(): IterableIterator<AccountState> {
    return this.accounts.values();
  }

  position(id: string, symbol: string): Position {
    const account = this.get(id);
    let position = account.positions.get(symbol);
    if (!position) {
      position = { symbol, size: 0, entryPrice: 0, realisedPnl: 0, funding: 0, fees: 0 };
      account.positions.set(symbol, position);
    }
    return position;
  }

  balance(id: string, currency: string): number {
    return this.get(id).balances.get(currency) ?? 0;
  }

  private book(entry: LedgerEntry): void {
    if (entry.amount === 0) return;
    const balances = this.get(entry.account).balances;
    balances.set(entry.currency, (balances.get(entry.currency) ?? 0) + entry.amount);
    this.ledger.push(entry);
  }

  deposit(id: string, currency: string, amount: number, at: number): void {
    this.book({ at, account: id, currency, kind: 'deposit', amount, symbol: null });
  }

  /**
   * Books one fill: position size and entry, realised P&L on the reduced part (a flip opens the rest at the
   * fill price), and the fee on the fill's value. Returns the realised P&L.
   */
  applyFill(
    id: string,
    instrument: Instrument,
    signedSize: number,
    price: number,
    feeRate: number,
    at: number,
  ): { realisedPnl: number; fee: number } {
    const position = this.position(id, instrument.symbol);
    const { size, entryPrice } = position;
    let realisedPnl = 0;
    if (size === 0 || Math.sign(size) === Math.sign(signedSize)) {
      position.entryPrice = averageEntry(instrument, size, entryPrice, signedSize, price);
    } else {
      const closed = Math.min(Math.abs(signedSize), Math.abs(size));
      realisedPnl = positionPnl(instrument, Math.sign(size) * closed, entryPrice, price);
      if (Math.abs(signedSize) > Math.abs(size)) position.entryPrice = price;
    }
    position.size = snap(size + signedSize, instrument.lotSize);
    if (position.size === 0) position.entryPrice = 0;
    position.realisedPnl += realisedPnl;
    const fee = contractValue(instrument, Math.abs(signedSize), price) * feeRate;
    position.fees += fee;
    const currency = instrument.settlementCurrency;
    this.book({
      at,
      account: id,
      currency,
      kind: 'realised_pnl',
      amount: realisedPnl,
      symbol: instrument.symbol,
    });
    this.book({ at, account: id, currency, kind: 'fee', amount: -fee, symbol: instrument.symbol });
    return { realisedPnl, fee };
  }

  /**
   * Settles one funding interval on every position in `instrument`: value at the index × rate, longs pay a
   * positive rate (Hyperliquid uses the oracle price, not the mark; the core does the same for every venue).
   */
  applyFunding(instrument: Instrument, rate: number, index: number, at: number): void {
    for (const account of this.accounts.values()) {
      const position = account.positions.get(instrument.symbol);
      if (!position || position.size === 0) continue;
      const payment =
        Math.sign(position.size) * contractValue(instrument, Math.abs(position.size), index) * rate;
      position.funding += payment;
      this.book({
        at,
        account: account.id,
        currency: instrument.settlementCurrency,
        kind: 'funding',
        amount: -payment,
        symbol: instrument.symbol,
      });
    }
  }
}
