import type { CotReport } from './cot-markets.js';

/**
 * Reads Socrata COT rows (notes macro.md U4.3): every number is a string, dates are floating timestamps,
 * null fields are left out of the row. Each logical field is resolved through its candidate names (the
 * datasets' suffixes are inconsistent: `swap__positions_short_all` with two underscores) and is null, never
 * zero, when none is there. Duplicated rows (same date, code and variant) are kept once.
 */

export interface CategoryPositions {
  long: number | null;
  short: number | null;
  spread: number | null;
}

export interface CotRow {
  code: string;
  /** The Tuesday the positions are as of, `YYYY-MM-DD`. */
  reportDate: string;
  openInterest: number | null;
  categories: Record<string, CategoryPositions>;
}

export class CotFormatError extends Error {}

type Names = [long: string[], short: string[], spread: string[]];

const FIELDS: Record<CotReport, Record<string, Names>> = {
  tff: {
    dealer: [['dealer_positions_long_all'], ['dealer_positions_short_all'], ['dealer_positions_spread_all']],
    asset_mgr: [
      ['asset_mgr_positions_long', 'asset_mgr_positions_long_all'],
      ['asset_mgr_positions_short', 'asset_mgr_positions_short_all'],
      ['asset_mgr_positions_spread', 'asset_mgr_positions_spread_all'],
    ],
    lev_money: [
      ['lev_money_positions_long', 'lev_money_positions_long_all'],
      ['lev_money_positions_short', 'lev_money_positions_short_all'],
      ['lev_money_positions_spread', 'lev_money_positions_spread_all'],
    ],
    other_rept: [
      ['other_rept_positions_long', 'other_rept_positions_long_all'],
      ['other_rept_positions_short', 'other_rept_positions_short_all'],
      ['other_rept_positions_spread', 'other_rept_positions_spread_all'],
    ],
    nonrept: [['nonrept_positions_long_all'], ['nonrept_positions_short_all'], []],
  },
  disaggregated: {
    prod_merc: [
      ['prod_merc_positions_long', 'prod_merc_positions_long_all'],
      ['prod_merc_positions_short', 'prod_merc_positions_short_all'],
      [],
    ],
    swap: [
      ['swap_positions_long_all', 'swap__positions_long_all'],
      ['swap__positions_short_all', 'swap_positions_short_all'],
      ['swap__positions_spread_all', 'swap_positions_spread_all'],
    ],
    m_money: [
      ['m_money_positions_long_all', 'm_money_positions_long'],
      ['m_money_positions_short_all', 'm_money_positions_short'],
      ['m_money_positions_spread', 'm_money_positions_spread_all'],
    ],
    other_rept: [
      ['other_rept_positions_long', 'other_rept_positions_long_all'],
      ['other_rept_positions_short', 'other_rept_positions_short_all'],
      ['other_rept_positions_spread', 'other_rept_positions_spread_all'],
    ],
    nonrept: [['nonrept_positions_long_all'], ['nonrept_positions_short_all'], []],
  },
};

export const CATEGORIES: Record<CotReport, string[]> = {
  tff: Object.keys(FIELDS.tff),
  disaggregated: Object.keys(FIELDS.disaggregated),
};

function first(row: Record<string, unknown>, names: string[]): number | null {
  for (const name of names) {
    const text = row[name];
    if (typeof text !== 'string' || text.trim() === '') continue;
    const value = Number(text);
    if (Number.isFinite(value)) return value;
  }
  return null;
}

/** The rows of a Socrata answer for one report, as sent (order and all). */
export function parseCotRows(body: unknown, report: CotReport): CotRow[] {
  if (!Array.isArray(body)) throw new CotFormatError('not a JSON array of rows');
  const seen = new Set<string>();
  const rows: CotRow[] = [];
  for (const raw of body as Record<string, unknown>[]) {
    const code = raw?.cftc_contract_market_code;
    const stamp = raw?.report_date_as_yyyy_mm_dd;
    if (typeof code !== 'string' || typeof stamp !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(stamp))
      throw new CotFormatError('a row has no contract code or report date');
    const reportDate = stamp.slice(0, 10);
    const key = `${code}|${reportDate}|${String(raw.futonly_or_combined ?? '')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const categories: Record<string, CategoryPositions> = {};
    for (const [name, [long, short, spread]] of Object.entries(FIELDS[report]))
      categories[name] = { long: first(raw, long), short: first(raw, short), spread: first(raw, spread) };
    rows.push({ code, reportDate, openInterest: first(raw, ['open_interest_all']), categories });
  }
  return rows;
}
