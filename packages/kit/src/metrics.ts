import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
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

/** One route's children, one pair per status class made on first use, so a response costs no label lookup. */
class RouteSeries {
  readonly #pairs: ({ count: Counter.Internal; seconds: Histogram.Internal<string> } | undefined)[] = [];

  constructor(
    private readonly metrics: RequestMetrics,
    private readonly route: string,
  ) {}

  observe(status: number, seconds: number): void {
    // 1xx..5xx; anything outside (a status Node would refuse anyway) counts with its neighbour.
    const index = Math.min(5, Math.max(1, Math.trunc(status / 100)));
    let pair = this.#pairs[index];
    if (pair === undefined) {
      pair = this.metrics.children(this.route, `${index}xx`);
      this.#pairs[index] = pair;
    }
    pair.count.inc();
    pair.seconds.observe(seconds);
  }
}

/**
 * Requests by route pattern (never the path a caller sent) and status class, with their latency. Routes are
 * known when they are added, so each gets its own onResponse hook holding its series: a response costs one
 * counter increment and one histogram observation, and reads nothing from the request to find its labels.
 */
export class RequestMetrics {
  readonly #count: Counter<'route' | 'status_class'>;
  readonly #seconds: Histogram<'route' | 'status_class'>;
  readonly #routes = new Map<string, RouteSeries>();

  constructor(registry: Registry, prefix: string) {
    this.#count = new Counter({
      name: `${prefix}_http_requests_total`,
      help: 'HTTP requests by route pattern and status class; unknown paths count under route="unmatched"',
      labelNames: ['route', 'status_class'],
      registers: [registry],
    });
    this.#seconds = new Histogram({
      name: `${prefix}_http_request_duration_seconds`,
      help: 'HTTP request latency by route pattern and status class',
      labelNames: ['route', 'status_class'],
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    });
  }

  children(route: string, statusClass: string) {
    const labels = { route, status_class: statusClass };
    return { count: this.#count.labels(labels), seconds: this.#seconds.labels(labels) };
  }

  /** The series of a route pattern; a GET route and its HEAD twin share one. */
  route(pattern: string): RouteSeries {
    let series = this.#routes.get(pattern);
    if (!series) {
      series = new RouteSeries(this, pattern);
      this.#routes.set(pattern, series);
    }
    return series;
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
