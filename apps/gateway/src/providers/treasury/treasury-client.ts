import type { DatedCurve } from '../../domain/yield-curve.js';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamBadResponse } from '../../upstream/upstream-errors.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy, textBody } from '../provider-answer.js';
import { parseTreasuryFeed, TreasuryFeedError } from './treasury-xml.js';

export const TREASURY_XML_PATH = '/resource-center/data-chart-center/interest-rates/pages/xml';

/**
 * The current year's feed changes once a business day (posted in the New York afternoon): held 30 minutes
 * (notes U3.3). Past years are effectively immutable: held a day.
 */
const CURRENT_YEAR_POLICY = providerPolicy(30 * 60_000);
const PAST_YEAR_POLICY = providerPolicy(24 * 3_600_000);

/** The status check and the XML parse in one step, so the cache keeps curves, not the feed's text. */
function readFeed(response: UpstreamResponse, what: string): DatedCurve[] {
  const text = textBody('treasury', response, what);
  try {
    return parseTreasuryFeed(text);
  } catch (error) {
    if (error instanceof TreasuryFeedError)
      throw upstreamBadResponse('treasury', 'live', `${what}: ${error.message}`);
    throw error;
  }
}

/** Treasury's yield-curve feed, one calendar year per request (notes macro.md U3.1). */
export class TreasuryClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, readFeed, cache);
  }

  /** The curves of one calendar year, oldest first; `current` says whether the year is still being written. */
  year(toolCall: CallDeadline, year: number, current: boolean): Promise<Fetched<DatedCurve[]>> {
    return this.#call.send(
      toolCall,
      {
        method: 'GET',
        path: TREASURY_XML_PATH,
        query: { data: 'daily_treasury_yield_curve', field_tdr_date_value: year },
        idempotent: true,
      },
      `the ${year} yield curve feed`,
      (curves) => curves as DatedCurve[],
      { key: `year:${year}`, policy: current ? CURRENT_YEAR_POLICY : PAST_YEAR_POLICY },
    );
  }

  /**
   * The last `count` curves on or before `until` (`YYYY-MM-DD`), oldest first, reading back a year at a
   * time: in the first days of January the current year has no entries yet (notes U3.3).
   */
  async curvesUntil(
    toolCall: CallDeadline,
    until: string,
    count: number,
    currentYear: number,
  ): Promise<Fetched<DatedCurve[]>> {
    let year = Number(until.slice(0, 4));
    const parts: Fetched<DatedCurve[]>[] = [];
    let curves: DatedCurve[] = [];
    // Two years back at most: a year holds about 250 curves, more than any tool asks for.
    for (let read = 0; read < 3 && curves.length < count; read++, year--) {
      const fetched = await this.year(toolCall, year, year >= currentYear);
      parts.push(fetched);
      curves = [...fetched.data.filter((curve) => curve.date <= until), ...curves];
    }
    return {
      data: curves.slice(-count),
      native: null,
      receivedAt: Math.min(...parts.map((part) => part.receivedAt)),
      ...(parts.some((part) => part.stale) ? { stale: true as const } : {}),
    };
  }
}
