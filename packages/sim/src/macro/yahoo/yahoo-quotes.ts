import { gaussian, streamId } from '../../market/hash.js';

/**
 * The symbols the Yahoo simulator knows (notes macro.md U2.4) and a deterministic price path for each: slow
 * waves over weeks and days plus per-minute noise, so a quote moves with the clock and two calls at the same
 * instant agree. Sessions: indices trade 13:30–20:00 UTC on weekdays, futures nearly around the clock on
 * weekdays, crypto always.
 */

export type SessionKind = 'equity' | 'futures' | 'always';

export interface SimSymbol {
  base: number;
  instrumentType: 'INDEX' | 'FUTURE' | 'CRYPTOCURRENCY' | 'CURRENCY';
  exchangeName: string;
  fullExchangeName: string;
  currency: string;
  shortName: string;
  session: SessionKind;
  /** Daily volatility of the noise, as a fraction. */
  vol: number;
  priceHint: number;
}

const index = (base: number, name: string, vol = 0.009): SimSymbol => ({
  base,
  instrumentType: 'INDEX',
  exchangeName: 'SNP',
  fullExchangeName: 'SNP',
  currency: 'USD',
  shortName: name,
  session: 'equity',
  vol,
  priceHint: 2,
});
const future = (base: number, name: string, exchange: string, vol = 0.01): SimSymbol => ({
  base,
  instrumentType: 'FUTURE',
  exchangeName: exchange,
  fullExchangeName: exchange,
  currency: 'USD',
  shortName: name,
  session: 'futures',
  vol,
  priceHint: 2,
});
const crypto = (base: number, name: string): SimSymbol => ({
  base,
  instrumentType: 'CRYPTOCURRENCY',
  exchangeName: 'CCC',
  fullExchangeName: 'CCC',
  currency: 'USD',
  shortName: name,
  session: 'always',
  vol: 0.03,
  priceHint: 2,
});

export const SIM_SYMBOLS: Record<string, SimSymbol> = {
  '^GSPC': index(6050, 'S&P 500'),
  '^NDX': index(21900, 'NASDAQ 100', 0.012),
  '^IXIC': index(19700, 'NASDAQ Composite', 0.012),
  '^DJI': index(42300, 'Dow Jones Industrial Average'),
  '^RUT': index(2150, 'Russell 2000', 0.013),
  '^VIX': {
    ...index(17, 'CBOE Volatility Index', 0.06),
    exchangeName: 'CXI',
    fullExchangeName: 'Cboe Indices',
  },
  '^TNX': { ...index(4.4, 'CBOE Interest Rate 10 Year T No', 0.01), priceHint: 4 },
  'ES=F': future(6070, 'E-Mini S&P 500', 'CME'),
  'NQ=F': future(21950, 'Nasdaq 100', 'CME', 0.012),
  'YM=F': future(42400, 'Mini Dow Jones Indus.-$5', 'CBT'),
  'RTY=F': future(2160, 'E-mini Russell 2000 Index', 'CME', 0.013),
  'GC=F': future(3380, 'Gold', 'CMX', 0.01),
  'CL=F': future(71.5, 'Crude Oil', 'NYM', 0.02),
  'DX-Y.NYB': { ...future(98.2, 'US Dollar Index', 'NYB', 0.004), instrumentType: 'CURRENCY' },
  'BTC-USD': crypto(104500, 'Bitcoin USD'),
  'ETH-USD': crypto(2550, 'Ethereum USD'),
};

const DAY_S = 86_400;
const noise = streamId('yahoo:noise');
const wave = (t: number, days: number, phase: number) => Math.sin((2 * Math.PI * t) / (days * DAY_S) + phase);

/** A symbol's price at `t` (unix seconds), rounded to its price hint. */
export function priceAt(seed: number, symbol: string, spec: SimSymbol, t: number): number {
  const salt = [...symbol].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const minute = Math.floor(t / 60);
  // Day-to-day moves of about spec.vol: a slow drift over weeks, a swing over days, an intraday wiggle.
  const level =
    0.06 * wave(t, 47, salt) + spec.vol * wave(t, 5.3, salt / 7) + 0.4 * spec.vol * wave(t, 0.37, salt / 3);
  const jitter = spec.vol * 0.08 * gaussian(seed, noise, minute * 64 + (salt % 64));
  const factor = 10 ** spec.priceHint;
  return Math.round(spec.base * Math.exp(level + jitter) * factor) / factor;
}

/** The regular session [start, end) (unix s) of the UTC day containing `t`, or null on a closed day. */
export function sessionOf(kind: SessionKind, t: number): { start: number; end: number } | null {
  const dayStart = Math.floor(t / DAY_S) * DAY_S;
  const weekday = new Date(dayStart * 1000).getUTCDay();
  if (kind === 'always') return { start: dayStart, end: dayStart + DAY_S };
  if (weekday === 0 || weekday === 6) return null;
  if (kind === 'equity') return { start: dayStart + 13.5 * 3600, end: dayStart + 20 * 3600 };
  // CME Globex: the day's session ends at 21:00 UTC (17:00 Chicago), then an hour's pause.
  return { start: dayStart, end: dayStart + 21 * 3600 };
}

/** The last session that has begun at or before `t`, looking back up to a week. */
export function lastSession(kind: SessionKind, t: number): { start: number; end: number } {
  for (let back = 0; back < 8; back++) {
    const session = sessionOf(kind, t - back * DAY_S);
    if (session && session.start <= t) return session;
  }
  throw new Error('no session in a week');
}
