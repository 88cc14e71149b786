import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { collectDefaultMetrics, type Metric, Registry } from 'prom-client';
import type { App } from './app.js';
import { AppError } from './errors.js';
import { timingSafeEqualText } from './secrets.js';

/**
 * Prometheus metrics shared by both services: a registry with Node's process and event-loop defaults, the
 * request series by route and status class, and the scrape endpoint. Each service adds its own series to
 * the registry (gateway-metrics.ts, measure-metrics.ts).
 */

/** Seconds; an in-memory answer takes well under a millisecond, an export or report several seconds. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request that matched no route: every unknown path folds into this one series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** A registry of its own (not prom-client's global one), so apps built side by side in a test stay apart. */
export function metricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** One route's tallies per status class: plain numbers, read into the exposition only when scraped. */
class RouteSeries {
  /** Indexed by status class 1..5; made on the first response of that class. */
  readonly tallies: (Tally | undefined)[] = [];

  constructor(readonly route: string) {}

  observe(status: number, seconds: number): void {
    // 1xx..5xx; anything outside (a status Node would refuse anyway) counts with its neighbour.
    const index = Math.min(5, Math.max(1, Math.trunc(status / 100)));
    let tally = this.tallies[index];
    if (tally === undefined) {
      tally = { count: 0, sum: 0, buckets: new Float64Array(REQUEST_BUCKETS.length) };
      this.tallies[index] = tally;
    }
    tally.count += 1;
    tally.sum += seconds;
    // Non-cumulative here; the scrape sums them up. Past the last bound only count (the +Inf bucket) moves.
    for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
      if (seconds <= REQUEST_BUCKETS[i]!) {
        tally.buckets[i]! += 1;
        break;
      }
    }
  }
}

interface Tally {
  count: number;
  sum: number;
  buckets: Float64Array;
}

interface Sample {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * Requests by route pattern (never the path a caller sent) and status class, with their latency. Routes are
 * known when they are added, so each gets its own onResponse hook holding its tallies: a response costs a
 * few additions on plain numbers, with no label lookup or allocation (prom-client's own labelled children
 * hash their labels and allocate on every observation, about a microsecond). The two series are registered
 * as metrics of their own whose values are made from the tallies on each scrape.
 */
export class RequestMetrics {
  readonly #routes = new Map<string, RouteSeries>();

  constructor(registry: Registry, prefix: string) {
    const counter = `${prefix}_http_requests_total`;
    const histogram = `${prefix}_http_request_duration_seconds`;
    registry.registerMetric(
      this.#metric(
        counter,
        'counter',
        'HTTP requests by route pattern and status class; unknown paths count under route="unmatched"',
        (labels, tally) => [{ labels, value: tally.count }],
      ),
    );
    registry.registerMetric(
      this.#metric(
        histogram,
        'histogram',
        'HTTP request latency by route pattern and status class',
        (labels, tally) => {
          const samples: Sample[] = [];
          let cumulative = 0;
          REQUEST_BUCKETS.forEach((le, i) => {
            cumulative += tally.buckets[i]!;
            samples.push({ metricName: `${histogram}_bucket`, labels: { ...labels, le }, value: cumulative });
          });
          samples.push(
            { metricName: `${histogram}_bucket`, labels: { ...labels, le: '+Inf' }, value: tally.count },
            { metricName: `${histogram}_sum`, labels, value: tally.sum },
            { metricName: `${histogram}_count`, labels, value: tally.count },
          );
          return samples;
        },
      ),
    );
  }

  /** The series of a route pattern; a GET route and its HEAD twin share one. */
  route(pattern: string): RouteSeries {
    let series = this.#routes.get(pattern);
    if (!series) {
      series = new RouteSeries(pattern);
      this.#routes.set(pattern, series);
    }
    return series;
  }

  /** A metric in prom-client's registry shape (what its own Counter and Histogram hand the registry). */
  #metric(
    name: string,
    type: 'counter' | 'histogram',
    help: string,
    samples: (labels: Record<string, string>, tally: Tally) => Sample[],
  ) {
    const routes = this.#routes;
    return {
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({
        name,
        help,
        type,
        aggregator: 'sum',
        values: [...routes.values()].flatMap((series) =>
          series.tallies.flatMap((tally, index) =>
            tally ? samples({ route: series.route, status_class: `${index}xx` }, tally) : [],
          ),
        ),
      }),
      // Zeroes the tallies but keeps each route's series: its hook holds it.
      reset: () => {
        for (const series of routes.values()) series.tallies.length = 0;
      },
    } as unknown as Metric;
  }
}

const observeWith =
  (series: RouteSeries) =>
  (_request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    series.observe(reply.statusCode, reply.elapsedTime / 1000);
    done();
  };

export interface MetricsEndpointOptions {
  registry: Registry;
  requests: RequestMetrics;
  /** Where the scrape answers, e.g. `/metrics`. */
  path: string;
  /** METRICS_TOKEN: when set, the scrape needs `Authorization: Bearer <token>`. */
  token: string | undefined;
  /** The realm of the 401's WWW-Authenticate. */
  realm: string;
}

/**
 * Counts the app's requests and serves the scrape. Call it right after createApp: only routes added after
 * it get their hook (the API docs' routes, added by createApp, go uncounted).
 */
export function registerMetrics(app: App, options: MetricsEndpointOptions): void {
  const { registry, requests, path, token, realm } = options;
  app.addHook('onRoute', (route: RouteOptions) => {
    const hook = observeWith(requests.route(route.url));
    const existing = route.onResponse;
    route.onResponse = existing === undefined ? [hook] : [...[existing].flat(), hook];
  });
  // A request that matched no route has no route hook: the not-found answers are counted here.
  const unmatched = requests.route(UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched.observe(reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get(path, { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerIs(request.headers.authorization, token)) {
      throw new AppError(401, 'METRICS_TOKEN_REQUIRED', 'Authorization: Bearer <METRICS_TOKEN> is required', {
        headers: { 'www-authenticate': `Bearer realm="${realm}"` },
      });
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}

function bearerIs(header: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqualText(presented, token);
}

export type { Registry };
