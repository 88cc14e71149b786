import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { CredentialHandle } from '../../upstream/credentials.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamBadResponse, upstreamStatusError } from '../../upstream/upstream-errors.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy, textBody } from '../provider-answer.js';
import { FredFormatError, type Observation, parseGraphCsv, parseObservationsJson } from './fred-parse.js';

export const FRED_OBSERVATIONS_PATH = '/fred/series/observations';
export const FRED_GRAPH_PATH = '/graph/fredgraph.csv';

/** How a series was read: the keyed API, or the key-less graph CSV when no FRED key is configured. */
export type FredVia = 'api' | 'csv';

export interface FredSeries {
  /** Numeric observations, oldest first; missing ones left out. */
  observations: Observation[];
  via: FredVia;
}

/** Daily series change about once a business day (held 1 h); weekly and monthly ones rarely (6 h). */
export type FredCadence = 'daily' | 'slow';
const POLICIES = { daily: providerPolicy(3_600_000), slow: providerPolicy(6 * 3_600_000) };

function reading<T>(read: (payload: T) => Observation[]) {
  return (payload: T, what: string) => {
    try {
      return read(payload);
    } catch (error) {
      if (error instanceof FredFormatError)
        throw upstreamBadResponse('fred', 'live', `${what}: ${error.message}`);
      throw error;
    }
  };
}
const readJson = reading(parseObservationsJson);
const readCsv = reading(parseGraphCsv);

function unwrapJson(response: UpstreamResponse, what: string): Observation[] {
  // FRED explains a refusal in a JSON body whatever its Content-Type says (notes U1.3).
  if (response.status !== 200) throw upstreamStatusError('fred', response, what);
  return readJson(response.body, what);
}

const unwrapCsv = (response: UpstreamResponse, what: string) =>
  readCsv(textBody('fred', response, what), what);

/**
 * FRED series observations (notes macro.md U1): with a key (`FRED_CREDENTIALS_FILE`, field `api_key`) the
 * JSON API on the `api` host; without one the key-less graph CSV on the `graph` host, and the answer says
 * `via: 'csv'` so a tool can report it. Each series from `start` on, one request, cached per series, start and
 * route.
 */
export class FredClient {
  readonly #api: VenueCall;
  readonly #graph: VenueCall;

  constructor(
    api: UpstreamHttp,
    graph: UpstreamHttp,
    private readonly credentials: CredentialHandle | undefined,
    cache?: UpstreamCache,
  ) {
    this.#api = new VenueCall(api, unwrapJson, cache);
    this.#graph = new VenueCall(graph, unwrapCsv, cache);
  }

  /** Whether the keyed API is used (a key is configured). */
  get via(): FredVia {
    return this.credentials?.current() ? 'api' : 'csv';
  }

  /** One series' observations from `start` (`YYYY-MM-DD`) to the latest, oldest first. */
  async series(
    toolCall: CallDeadline,
    id: string,
    start: string,
    cadence: FredCadence,
  ): Promise<Fetched<FredSeries>> {
    const key = this.credentials?.current();
    const policy = POLICIES[cadence];
    if (key) {
      const fetched = await this.#api.send(
        toolCall,
        {
          method: 'GET',
          path: FRED_OBSERVATIONS_PATH,
          query: {
            series_id: id,
            api_key: key.get('api_key'),
            file_type: 'json',
            observation_start: start,
            sort_order: 'asc',
          },
          idempotent: true,
        },
        `series ${id}`,
        (observations) => ({ observations: observations as Observation[], via: 'api' as const }),
        { key: `api:${id}:${start}`, policy },
      );
      return { ...fetched, native: null };
    }
    const fetched = await this.#graph.send(
      toolCall,
      { method: 'GET', path: FRED_GRAPH_PATH, query: { id, cosd: start }, idempotent: true },
      `series ${id} (graph CSV)`,
      (observations) => ({ observations: observations as Observation[], via: 'csv' as const }),
      { key: `csv:${id}:${start}`, policy },
    );
    return { ...fetched, native: null };
  }
}
