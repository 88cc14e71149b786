/**
 * The COT markets the tools know by alias (notes macro.md U4.4), with their contract market codes (always
 * filter by code: names change, codes are continuous) and the report that carries them: financial
 * contracts in TFF, physical commodities in Disaggregated.
 */

export type CotReport = 'tff' | 'disaggregated';

export interface CotMarket {
  alias: string;
  code: string;
  name: string;
  report: CotReport;
}

const tff = (alias: string, code: string, name: string): CotMarket => ({ alias, code, name, report: 'tff' });
const disaggregated = (alias: string, code: string, name: string): CotMarket => ({
  alias,
  code,
  name,
  report: 'disaggregated',
});

export const COT_MARKETS: readonly CotMarket[] = [
  tff('BTC', '133741', 'BITCOIN - CHICAGO MERCANTILE EXCHANGE'),
  tff('MBT', '133742', 'MICRO BITCOIN - CHICAGO MERCANTILE EXCHANGE'),
  tff('ETH', '146021', 'ETHER CASH SETTLED - CHICAGO MERCANTILE EXCHANGE'),
  tff('MET', '146022', 'MICRO ETHER - CHICAGO MERCANTILE EXCHANGE'),
  tff('ES', '13874A', 'E-MINI S&P 500 - CHICAGO MERCANTILE EXCHANGE'),
  tff('NQ', '209742', 'NASDAQ MINI - CHICAGO MERCANTILE EXCHANGE'),
  tff('RTY', '239742', 'RUSSELL E-MINI - CHICAGO MERCANTILE EXCHANGE'),
  tff('YM', '124603', 'DJIA x $5 - CHICAGO BOARD OF TRADE'),
  tff('ZN', '043602', 'UST 10Y NOTE - CHICAGO BOARD OF TRADE'),
  tff('ZT', '042601', 'UST 2Y NOTE - CHICAGO BOARD OF TRADE'),
  tff('ZF', '044601', 'UST 5Y NOTE - CHICAGO BOARD OF TRADE'),
  tff('ZB', '020601', 'UST BOND - CHICAGO BOARD OF TRADE'),
  tff('VX', '1170E1', 'VIX FUTURES - CBOE FUTURES EXCHANGE'),
  tff('DX', '098662', 'USD INDEX - ICE FUTURES U.S.'),
  tff('6E', '099741', 'EURO FX - CHICAGO MERCANTILE EXCHANGE'),
  tff('6J', '097741', 'JAPANESE YEN - CHICAGO MERCANTILE EXCHANGE'),
  disaggregated('GC', '088691', 'GOLD - COMMODITY EXCHANGE INC.'),
  disaggregated('SI', '084691', 'SILVER - COMMODITY EXCHANGE INC.'),
  disaggregated('HG', '085692', 'COPPER- #1 - COMMODITY EXCHANGE INC.'),
  disaggregated('CL', '067651', 'WTI-PHYSICAL - NEW YORK MERCANTILE EXCHANGE'),
  disaggregated('NG', '023651', 'NAT GAS NYME - NEW YORK MERCANTILE EXCHANGE'),
];

/** A contract market code as CFTC writes it; checked before it goes into a `$where` (no SoQL injection). */
export const CONTRACT_CODE = /^[0-9A-Z+]{6}$/;

/** The market an alias (case-insensitive) or a code of the table names; undefined when neither. */
export function cotMarket(text: string): CotMarket | undefined {
  const wanted = text.toUpperCase();
  return COT_MARKETS.find((market) => market.alias === wanted || market.code === wanted);
}
