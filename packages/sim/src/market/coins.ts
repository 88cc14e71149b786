/**
 * The simulated underlyings. Each coin has one shared price path (see
 * price-path.ts); every venue quotes it with its own small basis, so venues
 * agree the way real ones do.
 */
export interface CoinSpec {
  /** Ticker as both venues spell it. */
  coin: string;
  /** Price level the path oscillates around, USD. */
  referencePrice: number;
  /** Annualised volatility as a fraction. */
  annualVol: number;
  /** Hyperliquid size decimals and maximum leverage. */
  szDecimals: number;
  maxLeverage: number;
  /** Whether Deribit lists the inverse `<COIN>-PERPETUAL` (BTC, ETH only). */
  deribitInverse: boolean;
  /** Tick of the USDC-linear perpetual on Deribit. */
  linearTick: number;
  /** Coin per contract of the USDC-linear perpetual. */
  linearContractSize: number;
}

export const COINS: readonly CoinSpec[] = [
  {
    coin: 'BTC',
    referencePrice: 95_000,
    annualVol: 0.55,
    szDecimals: 5,
    maxLeverage: 40,
    deribitInverse: true,
    linearTick: 1,
    linearContractSize: 0.0001,
  },
  {
    coin: 'ETH',
    referencePrice: 3_400,
    annualVol: 0.7,
    szDecimals: 4,
    maxLeverage: 25,
    deribitInverse: true,
    linearTick: 0.1,
    linearContractSize: 0.001,
  },
  {
    coin: 'SOL',
    referencePrice: 180,
    annualVol: 0.85,
    szDecimals: 2,
    maxLeverage: 20,
    deribitInverse: false,
    linearTick: 0.01,
    linearContractSize: 0.1,
  },
  {
    coin: 'XRP',
    referencePrice: 2.3,
    annualVol: 0.8,
    szDecimals: 0,
    maxLeverage: 20,
    deribitInverse: false,
    linearTick: 0.0001,
    linearContractSize: 1,
  },
  {
    coin: 'DOGE',
    referencePrice: 0.35,
    annualVol: 0.95,
    szDecimals: 0,
    maxLeverage: 10,
    deribitInverse: false,
    linearTick: 0.00001,
    linearContractSize: 10,
  },
  {
    coin: 'AVAX',
    referencePrice: 35,
    annualVol: 0.9,
    szDecimals: 2,
    maxLeverage: 10,
    deribitInverse: false,
    linearTick: 0.001,
    linearContractSize: 0.1,
  },
  {
    coin: 'LINK',
    referencePrice: 20,
    annualVol: 0.85,
    szDecimals: 1,
    maxLeverage: 10,
    deribitInverse: false,
    linearTick: 0.001,
    linearContractSize: 0.1,
  },
];

export function coinSpec(coin: string): CoinSpec | undefined {
  return COINS.find((spec) => spec.coin === coin);
}

/**
 * The other-coin inverse perpetual Deribit still lists although it is a
 * stale, nearly empty contract with a divergent price (the spec warns about
 * it; the USDC-linear form must be used instead).
 */
export const STALE_INVERSE_COIN = 'XRP';
