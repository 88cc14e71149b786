/**
 * The COT markets the CFTC simulator publishes (notes macro.md U4.4): contract code, names, units, which
 * report carries them, a typical open interest and when their history starts.
 */

export type Report = 'tff' | 'disaggregated';

export interface SimMarket {
  code: string;
  name: string;
  commodity: string;
  marketCode: string;
  units: string;
  report: Report;
  openInterest: number;
  listed: string;
}

const m = (
  code: string,
  name: string,
  commodity: string,
  marketCode: string,
  units: string,
  report: Report,
  openInterest: number,
  listed = '2015-01-06',
): SimMarket => ({ code, name, commodity, marketCode, units, report, openInterest, listed });

export const SIM_MARKETS: SimMarket[] = [
  m(
    '133741',
    'BITCOIN - CHICAGO MERCANTILE EXCHANGE',
    'BITCOIN',
    'CME',
    '(5 Bitcoins)',
    'tff',
    24_000,
    '2017-12-19',
  ),
  m(
    '133742',
    'MICRO BITCOIN - CHICAGO MERCANTILE EXCHANGE',
    'BITCOIN',
    'CME',
    '(0.1 Bitcoin)',
    'tff',
    60_000,
    '2021-05-04',
  ),
  m(
    '146021',
    'ETHER CASH SETTLED - CHICAGO MERCANTILE EXCHANGE',
    'ETHER',
    'CME',
    '(50 Ether)',
    'tff',
    11_000,
    '2021-02-09',
  ),
  m(
    '146022',
    'MICRO ETHER - CHICAGO MERCANTILE EXCHANGE',
    'ETHER',
    'CME',
    '(0.1 Ether)',
    'tff',
    40_000,
    '2021-12-07',
  ),
  m(
    '13874A',
    'E-MINI S&P 500 - CHICAGO MERCANTILE EXCHANGE',
    'S&P 500',
    'CME',
    '($50 X S&P 500 INDEX)',
    'tff',
    2_200_000,
  ),
  m(
    '209742',
    'NASDAQ MINI - CHICAGO MERCANTILE EXCHANGE',
    'NASDAQ-100',
    'CME',
    '($20 X NASDAQ 100 INDEX)',
    'tff',
    260_000,
  ),
  m(
    '239742',
    'RUSSELL E-MINI - CHICAGO MERCANTILE EXCHANGE',
    'RUSSELL 2000',
    'CME',
    '($50 X RUSSELL 2000 INDEX)',
    'tff',
    480_000,
  ),
  m('124603', 'DJIA x $5 - CHICAGO BOARD OF TRADE', 'DJIA', 'CBT', '($5 X DJIA INDEX)', 'tff', 90_000),
  m(
    '043602',
    'UST 10Y NOTE - CHICAGO BOARD OF TRADE',
    '10-YEAR',
    'CBT',
    '(CONTRACTS OF $100,000 FACE VALUE)',
    'tff',
    4_500_000,
  ),
  m(
    '042601',
    'UST 2Y NOTE - CHICAGO BOARD OF TRADE',
    '2-YEAR',
    'CBT',
    '(CONTRACTS OF $200,000 FACE VALUE)',
    'tff',
    4_000_000,
  ),
  m(
    '044601',
    'UST 5Y NOTE - CHICAGO BOARD OF TRADE',
    '5-YEAR',
    'CBT',
    '(CONTRACTS OF $100,000 FACE VALUE)',
    'tff',
    6_000_000,
  ),
  m(
    '020601',
    'UST BOND - CHICAGO BOARD OF TRADE',
    'BOND',
    'CBT',
    '(CONTRACTS OF $100,000 FACE VALUE)',
    'tff',
    1_800_000,
  ),
  m('1170E1', 'VIX FUTURES - CBOE FUTURES EXCHANGE', 'VIX', 'CFE', '(1000 X INDEX)', 'tff', 350_000),
  m(
    '098662',
    'USD INDEX - ICE FUTURES U.S.',
    'USD INDEX',
    'ICUS',
    '(U.S. DOLLAR INDEX X $1000)',
    'tff',
    35_000,
  ),
  m(
    '099741',
    'EURO FX - CHICAGO MERCANTILE EXCHANGE',
    'EURO FX',
    'CME',
    '(CONTRACTS OF EUR 125,000)',
    'tff',
    700_000,
  ),
  m(
    '097741',
    'JAPANESE YEN - CHICAGO MERCANTILE EXCHANGE',
    'JAPANESE YEN',
    'CME',
    '(CONTRACTS OF JPY 12,500,000)',
    'tff',
    250_000,
  ),
  m('088691', 'GOLD - COMMODITY EXCHANGE INC.', 'GOLD', 'CMX', '(100 Troy Ounces)', 'disaggregated', 450_000),
  m(
    '084691',
    'SILVER - COMMODITY EXCHANGE INC.',
    'SILVER',
    'CMX',
    '(5,000 Troy Ounces)',
    'disaggregated',
    160_000,
  ),
  m(
    '085692',
    'COPPER- #1 - COMMODITY EXCHANGE INC.',
    'COPPER',
    'CMX',
    '(25,000 POUNDS)',
    'disaggregated',
    210_000,
  ),
  m(
    '067651',
    'WTI-PHYSICAL - NEW YORK MERCANTILE EXCHANGE',
    'CRUDE OIL',
    'NYME',
    '(1,000 BARRELS)',
    'disaggregated',
    1_900_000,
  ),
  m(
    '023651',
    'NAT GAS NYME - NEW YORK MERCANTILE EXCHANGE',
    'NATURAL GAS',
    'NYME',
    '(10,000 MMBTU)',
    'disaggregated',
    1_300_000,
  ),
];
