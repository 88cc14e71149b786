import { gaussian, streamId } from '../../market/hash.js';
import { DAY_MS, dayNumber, isoDay } from '../calendar-days.js';
import type { SimMarket } from './cot-markets.js';

/**
 * Weekly Commitments of Traders rows for the CFTC simulator (notes macro.md U4.3–U4.5): positions as of each
 * Tuesday since 2015 (crypto since its listing), released the Friday after at 15:30 New York (20:30 UTC here,
 * the winter offset), every value a string as Socrata sends them. Open interest wanders; the speculators'
 * share (leveraged funds, managed money) swings on a multi-year cycle so that extremes come and go.
 */

const noise = streamId('cftc:noise');
const FIRST_TUESDAY = dayNumber('2015-01-06');
const wave = (week: number, weeks: number, phase: number) => Math.sin((2 * Math.PI * week) / weeks + phase);

/** The release instant of the report of a Tuesday: Friday 15:30 New York, taken as 20:30 UTC. */
export const releaseMs = (tuesday: number) => (tuesday + 3) * DAY_MS + 20.5 * 3_600_000;

/** Tuesdays of a market's history whose report is out at `nowMs`, oldest first. */
export function releasedTuesdays(market: SimMarket, nowMs: number): number[] {
  const days: number[] = [];
  const first = Math.max(FIRST_TUESDAY, dayNumber(market.listed));
  for (let day = first; releaseMs(day) <= nowMs; day += 7) days.push(day);
  return days;
}

type Row = Record<string, string>;

/** Long/short/spread of one category as shares of open interest, drifting week to week. */
function category(seed: number, salt: number, week: number, base: number, swing: number) {
  const tilt =
    swing * (wave(week, 150, salt) + 0.4 * wave(week, 37, salt * 2)) +
    0.02 * gaussian(seed, noise, week * 16 + salt);
  return { long: Math.max(0.01, base + tilt / 2), short: Math.max(0.01, base - tilt / 2), spread: base / 8 };
}

/** One market's row for one Tuesday, in its report's field names, values as strings. */
export function cotRow(seed: number, market: SimMarket, tuesday: number, combined: boolean): Row {
  const salt = Number.parseInt(market.code.replace(/\D/g, '').slice(-4) || '7', 10) % 97;
  const week = Math.round((tuesday - FIRST_TUESDAY) / 7);
  const oiOf = (w: number) =>
    Math.round(
      market.openInterest *
        (1 + 0.25 * wave(w, 60, salt) + 0.03 * gaussian(seed, noise, w * 16 + 15)) *
        (combined ? 1.3 : 1),
    );
  const oi = oiOf(week);
  const n = (share: number) => String(Math.round(share * oi));
  const date = isoDay(tuesday);
  const row: Row = {
    id: `${date.slice(2).replaceAll('-', '')}${market.code}${combined ? 'C' : 'F'}`,
    market_and_exchange_names: market.name,
    report_date_as_yyyy_mm_dd: `${date}T00:00:00.000`,
    contract_market_name: market.name.split(' - ')[0]!,
    cftc_contract_market_code: market.code,
    cftc_market_code: market.marketCode,
    cftc_commodity_code: market.code.slice(0, 3),
    commodity_name: market.commodity,
    open_interest_all: String(oi),
    change_in_open_interest_all: String(oi - oiOf(week - 1)),
    futonly_or_combined: combined ? 'Combined' : 'FutOnly',
    contract_units: market.units,
  };
  if (market.report === 'tff') {
    const dealer = category(seed, salt + 1, week, 0.12, 0.1);
    const asset = category(seed, salt + 2, week, 0.3, 0.25);
    const lev = category(seed, salt + 3, week, 0.25, 0.35);
    const other = category(seed, salt + 4, week, 0.08, 0.06);
    Object.assign(row, {
      dealer_positions_long_all: n(dealer.long),
      dealer_positions_short_all: n(dealer.short),
      dealer_positions_spread_all: n(dealer.spread),
      asset_mgr_positions_long: n(asset.long),
      asset_mgr_positions_short: n(asset.short),
      asset_mgr_positions_spread: n(asset.spread),
      lev_money_positions_long: n(lev.long),
      lev_money_positions_short: n(lev.short),
      lev_money_positions_spread: n(lev.spread),
      other_rept_positions_long: n(other.long),
      other_rept_positions_short: n(other.short),
      other_rept_positions_spread: n(other.spread),
      nonrept_positions_long_all: n(0.1),
      nonrept_positions_short_all: n(0.1),
    });
    return row;
  }
  const producer = category(seed, salt + 1, week, 0.15, 0.12);
  const swap = category(seed, salt + 2, week, 0.2, 0.2);
  const managed = category(seed, salt + 3, week, 0.2, 0.3);
  const other = category(seed, salt + 4, week, 0.1, 0.08);
  Object.assign(row, {
    prod_merc_positions_long: n(producer.long),
    prod_merc_positions_short: n(producer.short),
    swap_positions_long_all: n(swap.long),
    swap__positions_short_all: n(swap.short),
    swap__positions_spread_all: n(swap.spread),
    m_money_positions_long_all: n(managed.long),
    m_money_positions_short_all: n(managed.short),
    m_money_positions_spread: n(managed.spread),
    other_rept_positions_long: n(other.long),
    other_rept_positions_short: n(other.short),
    other_rept_positions_spread: n(other.spread),
    nonrept_positions_long_all: n(0.08),
    nonrept_positions_short_all: n(0.08),
  });
  return row;
}
