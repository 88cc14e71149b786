import { AppError } from '@app/kit';
import type { CallDeadline } from '../../upstream/call-deadline.js';
import type { UpstreamCache } from '../../upstream/upstream-cache.js';
import { upstreamBadResponse, upstreamStatusError } from '../../upstream/upstream-errors.js';
import { defineUpstream } from '../../upstream/upstream-spec.js';
import type { UpstreamHttp, UpstreamResponse } from '../../upstream/upstream-types.js';
import { type Fetched, VenueCall } from '../../venues/venue-call.js';
import { providerPolicy } from '../provider-answer.js';
import { arrayField, record } from '../venue-public/public-answer.js';

export interface GdeltArticle {
  url: string;
  title: string;
  seenAt: number;
  domain: string;
  language: string;
  sourceCountry: string;
  imageUrl: string | null;
}

/** GDELT allows one request every 5 seconds per IP (notes S2.3): the gateway spaces its calls 6 s apart. */
export const GDELT_SPACING_MS = 6_000;

/**
 * GDELT's errors are plain text: a rate-limit notice (429, sometimes 200) or a query error (200 text/html).
 * A query error is the caller's (400 naming `topics`); anything else not JSON is the source's failure.
 */
function unwrap(response: UpstreamResponse, what: string): unknown {
  if (typeof response.body === 'string') {
    const message = response.body.trim().slice(0, 200);
    if (/limit requests/i.test(message) || response.status === 429)
      throw new AppError(429, 'UPSTREAM_RATE_LIMITED', `gdelt: ${message}`, { retryable: true });
    if (response.status === 200)
      throw new AppError(400, 'INVALID_QUERY', `topics: GDELT refused the query: ${message}`, {
        details: { field: 'topics' },
      });
  }
  if (response.status !== 200) throw upstreamStatusError('gdelt', response, what);
  return response.body;
}

const seen = (value: string) => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw upstreamBadResponse('gdelt', 'live', `seendate ${value}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
};

/** Where the gate reads the time and waits: real elapsed time by default (tests pass a fake one). */
export interface GateClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: GateClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Strictly one request at a time, at least `spacingMs` between starts, process-wide (GDELT extends its block
 * on repeated violations). Real elapsed time, not the gateway's clock. A timer may fire a little early, so the
 * gate waits again until the spacing has really passed.
 */
export class SerialGate {
  #queue: Promise<unknown> = Promise.resolve();
  #lastStart = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly spacingMs: number,
    private readonly clock: GateClock = realClock,
  ) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      for (let wait = this.#wait(); wait > 0; wait = this.#wait()) await this.clock.sleep(wait);
      this.#lastStart = this.clock.now();
      return task();
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #wait(): number {
    return this.#lastStart + this.spacingMs - this.clock.now();
  }
}

/** An UpstreamHttp whose every request passes the gate. */
export const gatedHttp = (http: UpstreamHttp, gate: SerialGate): UpstreamHttp => ({
  name: http.name,
  host: http.host,
  environment: http.environment,
  baseUrl: http.baseUrl,
  request: (request, deadline) => gate.run(() => http.request(request, deadline)),
});

/**
 * GDELT DOC 2.0 article lists (notes S2), through a {@link SerialGate}, cached 10 minutes per query. The
 * cache's single flight sits in front of the gate: a cached query never waits for the spacing.
 */
export class GdeltClient {
  readonly #call: VenueCall;

  constructor(http: UpstreamHttp, cache?: UpstreamCache) {
    this.#call = new VenueCall(http, unwrap, cache);
  }

  articles(
    toolCall: CallDeadline,
    query: string,
    timespan: string,
    maxrecords: number,
  ): Promise<Fetched<GdeltArticle[]>> {
    const request = {
      method: 'GET' as const,
      path: '/api/v2/doc/doc',
      query: { query, mode: 'ArtList', format: 'json', maxrecords, timespan, sort: 'DateDesc' },
      idempotent: true,
    };
    const read = (payload: unknown) =>
      // No matches: `{}` without `articles`.
      arrayField('gdelt', record('gdelt', payload, 'answer').articles ?? [], 'articles').map((row) => {
        const item = record('gdelt', row, 'article');
        return {
          url: String(item.url ?? ''),
          title: String(item.title ?? ''),
          seenAt: seen(String(item.seendate ?? '')),
          domain: String(item.domain ?? ''),
          language: String(item.language ?? ''),
          sourceCountry: String(item.sourcecountry ?? ''),
          imageUrl: item.socialimage ? String(item.socialimage) : null,
        };
      });
    return this.#call.send(toolCall, request, 'the GDELT article list', read, {
      key: `artlist:${query}:${timespan}:${maxrecords}`,
      policy: providerPolicy(10 * 60_000),
    });
  }
}

/** GDELT DOC 2.0 (notes S2): public, key-less, one request per 5 s per IP. */
export const gdeltUpstream = defineUpstream({
  name: 'gdelt',
  environments: 'live-only',
  hosts: { api: { publicUrl: 'https://api.gdeltproject.org' } },
  // Readiness must not spend GDELT's one-request-per-5-s allowance (load balancers poll it every second): it reads
  // the host's root page, outside the DOC API, and never passes the gate.
  probe: { method: 'GET', path: '/', idempotent: true, expect: 'text' },
  // Retries would break the spacing: one attempt, the queue decides when.
  tuning: { maxAttempts: 1 },
  client: (connection) =>
    new GdeltClient(gatedHttp(connection.http(), new SerialGate(GDELT_SPACING_MS)), connection.cache),
});
