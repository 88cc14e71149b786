/** Aliases of the Yahoo symbols the macro tools use (notes macro.md U2.4). */
export const YAHOO_ALIASES: Record<string, string> = {
  spx: '^GSPC',
  ndx: '^NDX',
  nasdaq: '^IXIC',
  dji: '^DJI',
  rut: '^RUT',
  vix: '^VIX',
  es: 'ES=F',
  nq: 'NQ=F',
  ym: 'YM=F',
  rty: 'RTY=F',
  dxy: 'DX-Y.NYB',
  gold: 'GC=F',
  oil: 'CL=F',
  wti: 'CL=F',
  us10y_yield: '^TNX',
  btc: 'BTC-USD',
  eth: 'ETH-USD',
};

/** The Yahoo symbol an alias (case-insensitive) names, or the text itself as a symbol. */
export const yahooSymbol = (text: string) => YAHOO_ALIASES[text.toLowerCase()] ?? text.toUpperCase();
