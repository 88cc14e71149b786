import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamBadResponse } from '../../upstream/upstream-errors.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy, textBody } from '../provider-answer.js';
import { parseVixHistory, type VixClose, VixHistoryError } from './vix-history.js';

export const VIX_HISTORY_PATH = '/api/global/us_indices/daily_prices/VIX_History.csv';

/** The file changes once a business day after the close: held 1 h (notes U6). */
const POLICY = providerPolicy(3_600_000);

function readHistory(response: UpstreamResponse, what: string): VixClose[] {
  const text = textBody('cboe', response, what);
  try {
    return parseVixHistory(text);
  } catch (error) {
    if (error instanceof VixHistoryError)
      throw upstreamBadResponse('cboe', 'live', `${what}: ${error.message}`);
    throw error;
  }
}

/** Cboe's VIX daily history, the fallback for the volatility index when Yahoo's `^VIX` fails. */
export class CboeClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, readHistory, cache);
  }

  /** Every daily close, oldest first. */
  async vixHistory(toolCall: CallDeadline): Promise<Fetched<VixClose[]>> {
    const fetched = await this.#call.send(
      toolCall,
      { method: 'GET', path: VIX_HISTORY_PATH, idempotent: true },
      'the VIX history',
      (closes) => closes as VixClose[],
      { key: 'vix-history', policy: POLICY },
    );
    return { ...fetched, native: null };
  }
}
