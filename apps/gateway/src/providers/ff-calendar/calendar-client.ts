import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamBadResponse, upstreamStatusError } from '../../upstream/upstream-errors.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { CalendarFeedError, type FeedEvent, parseCalendarFeed } from './calendar-feed.js';

/** The feed changes a few times a day: held 1 h (notes U5.3). */
const POLICY = providerPolicy(3_600_000);

function unwrap(response: UpstreamResponse, what: string): FeedEvent[] {
  if (response.status !== 200) throw upstreamStatusError('ff-calendar', response, what);
  try {
    return parseCalendarFeed(response.body);
  } catch (error) {
    if (error instanceof CalendarFeedError)
      throw upstreamBadResponse('ff-calendar', 'live', `${what}: ${error.message}`);
    throw error;
  }
}

/** The weekly economic-calendar feed (notes macro.md U5): this week's file, and next week's when published. */
export class CalendarClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, unwrap, cache);
  }

  async week(toolCall: CallDeadline, which: 'thisweek' | 'nextweek'): Promise<Fetched<FeedEvent[]>> {
    const fetched = await this.#call.send(
      toolCall,
      { method: 'GET', path: `/ff_calendar_${which}.json`, idempotent: true },
      `the ${which} calendar`,
      (events) => events as FeedEvent[],
      { key: which, policy: POLICY },
    );
    return { ...fetched, native: null };
  }
}
