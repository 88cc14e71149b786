import { describe, expect, it } from 'vitest';
import { CotFormatError, parseCotRows } from './cot-rows.js';

// The notes' example rows (macro.md, simulator notes): TFF BTC and Disaggregated gold, numbers as strings.
const TFF_BTC = {
  id: '250610133741F',
  market_and_exchange_names: 'BITCOIN - CHICAGO MERCANTILE EXCHANGE',
  report_date_as_yyyy_mm_dd: '2025-06-10T00:00:00.000',
  contract_market_name: 'BITCOIN',
  cftc_contract_market_code: '133741',
  cftc_market_code: 'CME',
  cftc_commodity_code: '133',
  commodity_name: 'BITCOIN',
  open_interest_all: '24310',
  dealer_positions_long_all: '2911',
  dealer_positions_short_all: '1630',
  dealer_positions_spread_all: '120',
  asset_mgr_positions_long: '10220',
  asset_mgr_positions_short: '1804',
  asset_mgr_positions_spread: '311',
  lev_money_positions_long: '3120',
  lev_money_positions_short: '15777',
  lev_money_positions_spread: '402',
  other_rept_positions_long: '1402',
  other_rept_positions_short: '611',
  other_rept_positions_spread: '95',
  tot_rept_positions_long_all: '18581',
  tot_rept_positions_short: '20750',
  nonrept_positions_long_all: '5729',
  nonrept_positions_short_all: '3560',
  change_in_open_interest_all: '330',
  change_in_lev_money_long: '-85',
  change_in_lev_money_short: '562',
  futonly_or_combined: 'FutOnly',
  contract_units: '(5 Bitcoins)',
};
const DISAGG_GOLD = {
  id: '250610088691F',
  market_and_exchange_names: 'GOLD - COMMODITY EXCHANGE INC.',
  report_date_as_yyyy_mm_dd: '2025-06-10T00:00:00.000',
  contract_market_name: 'GOLD',
  cftc_contract_market_code: '088691',
  cftc_market_code: 'CMX',
  cftc_commodity_code: '088',
  commodity_name: 'GOLD',
  open_interest_all: '448120',
  prod_merc_positions_long: '18840',
  prod_merc_positions_short: '47215',
  swap_positions_long_all: '15102',
  swap__positions_short_all: '241960',
  swap__positions_spread_all: '21344',
  m_money_positions_long_all: '162300',
  m_money_positions_short_all: '27410',
  m_money_positions_spread: '30155',
  other_rept_positions_long: '121044',
  other_rept_positions_short: '24870',
  other_rept_positions_spread: '40212',
  nonrept_positions_long_all: '39123',
  nonrept_positions_short_all: '14954',
  change_in_m_money_long_all: '-4210',
  change_in_m_money_short_all: '1130',
  futonly_or_combined: 'FutOnly',
  contract_units: '(100 Troy Ounces)',
};

describe('parseCotRows', () => {
  it("reads the notes' TFF row: strings to numbers, the code's leading digits kept", () => {
    const [row] = parseCotRows([TFF_BTC], 'tff');
    expect(row).toMatchObject({ code: '133741', reportDate: '2025-06-10', openInterest: 24310 });
    expect(row!.categories.lev_money).toEqual({ long: 3120, short: 15777, spread: 402 });
    expect(row!.categories.dealer).toEqual({ long: 2911, short: 1630, spread: 120 });
    expect(row!.categories.nonrept).toEqual({ long: 5729, short: 3560, spread: null });
  });
  it("reads the notes' Disaggregated row, swap short under its double underscore", () => {
    const [row] = parseCotRows([DISAGG_GOLD], 'disaggregated');
    expect(row!.code).toBe('088691');
    expect(row!.categories.swap).toEqual({ long: 15102, short: 241960, spread: 21344 });
    expect(row!.categories.m_money).toEqual({ long: 162300, short: 27410, spread: 30155 });
    expect(row!.categories.prod_merc).toEqual({ long: 18840, short: 47215, spread: null });
  });
  it('reads an omitted (null) field as null, never zero, and keeps a duplicated row once', () => {
    const { lev_money_positions_short: _, ...withoutShort } = TFF_BTC;
    const rows = parseCotRows([withoutShort, withoutShort], 'tff');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.categories.lev_money!.short).toBeNull();
  });
  it('refuses a body that is not an array of rows', () => {
    expect(() => parseCotRows({ code: 'query.soql.no-such-column', error: true }, 'tff')).toThrow(
      CotFormatError,
    );
    expect(() => parseCotRows([{ open_interest_all: '1' }], 'tff')).toThrow(CotFormatError);
  });
});
