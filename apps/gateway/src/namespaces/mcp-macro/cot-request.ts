import { AppError, unprocessable } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { netPctOi } from '../../domain/cot-positioning.js';
import {
  CONTRACT_CODE,
  COT_MARKETS,
  type CotMarket,
  type CotReport,
  cotMarket,
} from '../../providers/cftc/cot-markets.js';
import type { CategoryPositions, CotRow } from '../../providers/cftc/cot-rows.js';
import { NullableNumber, round } from './sources.js';

/**
 * What the COT tools share: resolving the caller's market (an alias of the table or a six-character code) for
 * a report, with a 422 naming the field when it cannot be, and the per-category block of a report.
 */

export const MarketInput = (report: CotReport, fallback: string) =>
  Type.String({
    minLength: 1,
    maxLength: 6,
    default: fallback,
    description: `An alias (${COT_MARKETS.filter((m) => m.report === report)
      .map((m) => m.alias)
      .join(', ')}) or a CFTC contract market code`,
  });

/** The market to read; a market of the other report or no market at all is a 422 naming `field`. */
export function resolveMarket(text: string, report: CotReport, field: string): CotMarket {
  const known = cotMarket(text);
  if (known && known.report !== report) {
    const tool = known.report === 'tff' ? 'get_cot_tff' : 'get_cot_disaggregated';
    throw unprocessable(
      `${field}: ${known.alias} is reported in the ${known.report} report; use ${tool}`,
      'WRONG_COT_REPORT',
      { field },
    );
  }
  if (known) return known;
  const code = text.toUpperCase();
  if (!CONTRACT_CODE.test(code))
    throw unprocessable(
      `${field}: ${text} is neither a known market alias nor a contract market code`,
      'UNKNOWN_MARKET',
      { field },
    );
  return { alias: code, code, name: code, report };
}

/** No rows for a code: CFTC does not publish that market in this report. */
export const noRows = (market: CotMarket, field: string) =>
  new AppError(404, 'UNKNOWN_MARKET', `${field}: no ${market.report} reports for ${market.code}`, {
    details: { field },
  });

export const CategorySchema = Type.Object({
  long: NullableNumber('Contracts'),
  short: NullableNumber('Contracts'),
  spread: NullableNumber('Spreading contracts (null where the category has none)'),
  net: NullableNumber('long − short'),
  net_pct_oi: NullableNumber('net / open interest × 100'),
  change_net: NullableNumber('net minus the previous report’s net'),
});

export function categoryBlock(
  positions: CategoryPositions,
  openInterest: number | null,
  previous?: CategoryPositions,
) {
  const net = positions.long !== null && positions.short !== null ? positions.long - positions.short : null;
  const previousNet =
    previous && previous.long !== null && previous.short !== null ? previous.long - previous.short : null;
  const pct = net === null ? null : netPctOi(net, openInterest);
  return {
    ...positions,
    net,
    net_pct_oi: pct === null ? null : round(pct),
    change_net: net !== null && previousNet !== null ? net - previousNet : null,
  };
}

/** Rows of one market, oldest first. */
export const ascending = (rows: readonly CotRow[], code: string) =>
  rows.filter((row) => row.code === code).sort((a, b) => (a.reportDate < b.reportDate ? -1 : 1));
