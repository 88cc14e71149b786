import type { Instrument } from '../exchange/instrument.js';
import type { MarketFeed } from '../exchange/market-feed.js';
import { type Bar, generateBar, tickRounder, type VenueQuote } from '../market/candles.js';
import type { CoinSpec } from '../market/coins.js';
import { pricePath } from '../market/price-path.js';

/** A listed stock of the simulated IBKR: the real conids of the notes' examples. */
export interface Stock {
  conid: number;
  symbol: string;
  companyName: string;
  listingExchange: string;
  referencePrice: number;
  annualVol: number;
}

export const STOCKS: readonly Stock[] = [
  {
    conid: 265598,
    symbol: 'AAPL',
    companyName: 'APPLE INC',
    listingExchange: 'NASDAQ',
    referencePrice: 190,
    annualVol: 0.28,
  },
  {
    conid: 8314,
    symbol: 'IBM',
    companyName: 'INTL BUSINESS MACHINES CORP',
    listingExchange: 'NYSE',
    referencePrice: 185,
    annualVol: 0.22,
  },
  {
    conid: 756733,
    symbol: 'SPY',
    companyName: 'SPDR S&P 500 ETF TRUST',
    listingExchange: 'ARCA',
    referencePrice: 455,
    annualVol: 0.16,
  },
  {
    conid: 272093,
    symbol: 'MSFT',
    companyName: 'MICROSOFT CORP',
    listingExchange: 'NASDAQ',
    referencePrice: 410,
    annualVol: 0.25,
  },
];

export const stockByConid = (conid: number) => STOCKS.find((stock) => stock.conid === conid);

/** A stock as a price-path underlying: its own path of the shared market seed. */
const specs = new Map<string, CoinSpec>(
  STOCKS.map((stock) => [
    String(stock.conid),
    {
      coin: `IBKR:${stock.symbol}`,
      referencePrice: stock.referencePrice,
      annualVol: stock.annualVol,
      szDecimals: 0,
      maxLeverage: 4,
      deribitInverse: false,
      linearTick: 0.01,
      linearContractSize: 1,
    },
  ]),
);

/** Stocks on the exchange core: linear, USD, cent ticks, whole shares, Reg-T leverage of 4 intraday. */
export const stockInstruments: Instrument[] = STOCKS.map((stock) => ({
  symbol: String(stock.conid),
  underlying: String(stock.conid),
  settlement: 'linear',
  settlementCurrency: 'USD',
  tickSize: 0.01,
  lotSize: 1,
  minSize: 1,
  makerFee: 0.00005,
  takerFee: 0.00005,
  maxLeverage: 4,
  maintenanceMarginRate: 0.1,
}));

/** Prices of a stock from its own path of the shared market: a pure function of the instant. */
export function stockFeed(marketSeed: number): MarketFeed {
  const index = (instrument: Instrument, at: number) =>
    pricePath(marketSeed, specs.get(instrument.underlying)!).priceAt(at);
  return { index, mark: index, fundingRate: () => 0 };
}

const quotes = new Map<string, VenueQuote>();

/** Bars of a stock (history endpoint): the candles module over the stock's path. */
export function stockBar(
  marketSeed: number,
  conid: number,
  t: number,
  intervalMs: number,
  now: number,
): Bar | null {
  const key = `${marketSeed}:${conid}`;
  let quote = quotes.get(key);
  if (!quote) {
    quote = {
      seed: marketSeed,
      coin: specs.get(String(conid))!,
      venue: `ibkr:${conid}`,
      basisBp: 0,
      jitterBp: 1,
      dailyVolume: 5_000_000,
      round: tickRounder(0.01),
    };
    quotes.set(key, quote);
  }
  return generateBar(quote, t, intervalMs, now);
}
