import { EventEmitter } from 'node:events';
import type { AppError } from '@app/kit';
import { Pool } from 'undici';
import { NOT_SENT_CODES, parseBody, readLimited, TransportFailure } from './attempt-io.js';
import type { Authorizer, OutgoingRequest } from './authorizer.js';
import { fullJitterDelay, parseRetryAfter, sleep } from './backoff.js';
import { type Budget, upstreamRateLimited } from './budget.js';
import type { Deadline, DryRunCapture } from './call-deadline.js';
import { CircuitBreaker, type CircuitState } from './circuit-breaker.js';
import { upstreamTimeout, upstreamUnavailable } from './upstream-errors.js';
import { resultOfError, resultOfStatus, type UpstreamCallObserver } from './upstream-metrics.js';
import type { UpstreamTuning } from './upstream-spec.js';
import type { Environment, UpstreamHttp, UpstreamRequest, UpstreamResponse } from './upstream-types.js';

/** One upstream's address and its tuning (deadlines, retries, breaker, pool; upstream-spec.ts). */
export interface UpstreamClientOptions extends UpstreamTuning {
  name: string;
  /** Which of the upstream's hosts this is. */
  host: string;
  environment: Environment;
  baseUrl: string;
  /** Signs each attempt of each request that is not `anonymous`. */
  authorizer?: Authorizer;
  /** Spent before each attempt leaves. */
  budget?: Budget;
  /** Told how each call ended and how long it took, retries included. */
  metrics?: UpstreamCallObserver;
  /** The venue's own rate-limit answer besides HTTP 429 (Deribit's 10028). */
  rateLimited?: (response: UpstreamResponse) => boolean;
  /** How long to hold back after a rate-limit answer that names no Retry-After. */
  rateLimitBackoffMs: number;
  now?: () => number;
  random?: () => number;
}

/** How the last real call ended, for readiness when a probe cannot be sent: null reason = fine. */
export interface CallOutcome {
  at: number;
  reason: string | null;
  status?: number;
}

export interface ProbeResult {
  up: boolean;
  status?: number;
  latency_ms: number;
  error?: string;
}

/**
 * UpstreamHttp over one undici keep-alive pool. Owns the attempt loop inside the tool call's deadline
 * (call-deadline.ts, passed with each request): the budget spent before each attempt, the attempt's timeout (never past the
 * deadline), retries (idempotent requests only: 5xx, timeouts and network errors, full-jitter backoff,
 * Retry-After honoured up to a cap, none that cannot finish before the deadline), the circuit breaker and
 * a response size limit. A rate-limit answer is not retried: it drains the budget for the venue's retry
 * time and reaches the caller as 429 with Retry-After.
 */
export class UndiciUpstream implements UpstreamHttp {
  readonly name: string;
  readonly host: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  private readonly pool: Pool;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly breaker: CircuitBreaker;
  private readonly now: () => number;
  private readonly random: () => number;
  lastOutcome: CallOutcome | undefined;

  constructor(private readonly options: UpstreamClientOptions) {
    this.name = options.name;
    this.host = options.host;
    this.environment = options.environment;
    this.baseUrl = options.baseUrl;
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.pool = new Pool(url.origin, {
      connections: options.connections,
      connect: { timeout: options.connectTimeoutMs },
      keepAliveTimeout: 30_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.breaker = new CircuitBreaker({
      failureThreshold: options.breakerFailureThreshold,
      openMs: options.breakerOpenMs,
      now: this.now,
    });
  }

  get circuit(): CircuitState {
    return this.breaker.state;
  }

  async request<T = unknown>(
    request: UpstreamRequest,
    deadline: Deadline,
    dryRun?: DryRunCapture,
  ): Promise<UpstreamResponse<T>> {
    if (dryRun && !request.idempotent) return this.capture(request, deadline, dryRun);
    const metrics = this.options.metrics;
    if (!metrics) return this.attempts<T>(request, deadline);
    const started = performance.now();
    try {
      const response = await this.attempts<T>(request, deadline);
      metrics.call(resultOfStatus(response.status), (performance.now() - started) / 1000);
      return response;
    } catch (error) {
      metrics.call(resultOfError(error), (performance.now() - started) / 1000);
      throw error;
    }
  }

  /** The attempt loop of one call (see the class comment). */
  private async attempts<T>(request: UpstreamRequest, deadline: Deadline): Promise<UpstreamResponse<T>> {
    const attempts = request.idempotent ? this.options.maxAttempts : 1;
    const remaining = () => (deadline === undefined ? Number.POSITIVE_INFINITY : deadline - Date.now());
    // What the previous attempt got, returned or thrown if no further attempt can be made.
    let last: { response: UpstreamResponse<T> } | { failure: TransportFailure } | undefined;
    const giveUp = (): UpstreamResponse<T> => {
      if (last && 'response' in last) return last.response;
      if (last) throw this.toAppError(last.failure, request);
      throw upstreamTimeout(this.name, this.environment, { sent: false, idempotent: request.idempotent });
    };
    let reauthorized = false;
    for (let attempt = 1; ; attempt++) {
      if (remaining() <= 0) return giveUp();
      if (!this.breaker.tryAcquire()) {
        if (last) return giveUp();
        throw upstreamUnavailable(this.name, this.environment, 'circuit_open');
      }
      let response: UpstreamResponse<T>;
      try {
        await this.options.budget?.spend(request, remaining());
        response = await this.send<T>(
          request,
          deadline,
          Math.min(remaining(), request.timeoutMs ?? this.options.timeoutMs),
        );
      } catch (error) {
        // Not a transport failure (budget refused, the authorizer could not sign): nothing was sent.
        if (!(error instanceof TransportFailure)) {
          this.breaker.release();
          throw error;
        }
        const failure = error;
        this.lastOutcome = { at: this.now(), reason: failure.kind };
        if (failure.kind === 'too_large') {
          this.breaker.recordSuccess();
          throw this.toAppError(failure, request);
        }
        this.breaker.recordFailure();
        last = { failure };
        if (attempt >= attempts) throw this.toAppError(failure, request);
        const backoff = fullJitterDelay(
          attempt,
          this.options.retryBaseMs,
          this.options.retryCapMs,
          this.random,
        );
        if (backoff >= remaining()) throw this.toAppError(failure, request);
        await sleep(backoff);
        continue;
      }
      if (this.isRateLimited(response)) {
        this.breaker.recordSuccess();
        this.lastOutcome = { at: this.now(), reason: 'rate_limited', status: response.status };
        throw await this.rateLimitedBy(request, response);
      }
      if (response.status >= 500) this.breaker.recordFailure();
      else this.breaker.recordSuccess();
      this.lastOutcome = {
        at: this.now(),
        reason: response.status >= 500 ? `http_${response.status}` : null,
        status: response.status,
      };
      last = { response };
      // Stale credentials (an expired token): refused before execution, so signed afresh and sent once more.
      if (!reauthorized && !request.anonymous && this.options.authorizer?.rejected?.(response)) {
        reauthorized = true;
        attempt -= 1;
        continue;
      }
      if (response.status < 500 || attempt >= attempts) return response;
      const retryAfter = parseRetryAfter(response.headers['retry-after'], this.now());
      if (retryAfter !== undefined && retryAfter > this.options.retryAfterCapMs) return response;
      const wait = Math.max(
        fullJitterDelay(attempt, this.options.retryBaseMs, this.options.retryCapMs, this.random),
        retryAfter ?? 0,
      );
      if (wait >= remaining()) return response;
      await sleep(wait);
    }
  }

  /**
   * Readiness: one request outside the retry and breaker machinery. Up only when the upstream answers
   * 2xx with a body that parses (JSON unless the probe says text); a 429 or the venue's rate-limit answer,
   * any other 4xx or 5xx, an HTML page, a timeout or a dropped connection each mark it down with the
   * reason. The probe spends budget like any request; when the budget has nothing left (the gateway is
   * busy, not the venue), the outcome of the last real call stands in.
   */
  async probe(
    request: UpstreamRequest,
    timeoutMs: number,
    expect: 'json' | 'text' = 'json',
  ): Promise<ProbeResult> {
    if (this.options.budget && !(await this.options.budget.trySpend(request))) {
      const outcome = this.lastOutcome;
      return {
        up: outcome?.reason == null,
        status: outcome?.status,
        latency_ms: 0,
        error: outcome?.reason ?? undefined,
      };
    }
    const started = this.now();
    const result = await this.probeOnce(request, timeoutMs, expect);
    this.lastOutcome = { at: this.now(), reason: result.error ?? null, status: result.status };
    return { ...result, latency_ms: this.now() - started };
  }

  private async probeOnce(
    request: UpstreamRequest,
    timeoutMs: number,
    expect: 'json' | 'text',
  ): Promise<Omit<ProbeResult, 'latency_ms'>> {
    try {
      const response = await this.send(request, undefined, timeoutMs);
      const status = response.status;
      if (this.isRateLimited(response)) {
        await this.rateLimitedBy(request, response);
        return { up: false, status, error: 'rate_limited' };
      }
      if (status < 200 || status >= 300) return { up: false, status, error: `http_${status}` };
      if (expect === 'json' && typeof response.body === 'string')
        return { up: false, status, error: 'unparseable' };
      return { up: true, status };
    } catch (error) {
      return { up: false, error: error instanceof TransportFailure ? error.kind : 'not_authorized' };
    }
  }

  /** The venue refused for its rate limit: spend nothing more until its retry time, and tell the caller. */
  private async rateLimitedBy(request: UpstreamRequest, response: UpstreamResponse): Promise<AppError> {
    const retryAfter =
      parseRetryAfter(response.headers['retry-after'], Date.now()) ?? this.options.rateLimitBackoffMs;
    await this.options.budget?.drain(request, retryAfter);
    return upstreamRateLimited(this.name, this.environment, retryAfter, 'venue');
  }

  private isRateLimited(response: UpstreamResponse): boolean {
    return response.status === 429 || (this.options.rateLimited?.(response) ?? false);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }

  private toAppError(failure: TransportFailure, request: UpstreamRequest) {
    const outcomeUnknown = failure.sent && !request.idempotent;
    if (failure.kind === 'timeout') {
      return upstreamTimeout(this.name, this.environment, {
        sent: failure.sent,
        idempotent: request.idempotent,
        cause: failure.cause,
      });
    }
    if (failure.kind === 'too_large') {
      return upstreamUnavailable(this.name, this.environment, 'response_too_large', {
        retryable: false,
        cause: failure.cause,
      });
    }
    return upstreamUnavailable(
      this.name,
      this.environment,
      failure.sent ? 'connection_lost' : 'connection_failed',
      {
        retryable: !outcomeUnknown,
        outcomeUnknown,
        cause: failure.cause,
        ...(outcomeUnknown
          ? {
              message: `${this.name} (${this.environment}) closed the connection; the request may have been executed, check its state before retrying`,
            }
          : {}),
      },
    );
  }

  /** A dry run's write: signed as it would be sent, handed to the capture, never sent (no budget, no breaker). */
  private async capture(request: UpstreamRequest, deadline: Deadline, dryRun: DryRunCapture): Promise<never> {
    const outgoing = this.outgoing(request);
    if (this.options.authorizer && !request.anonymous)
      await this.options.authorizer.authorize(outgoing, deadline);
    return dryRun({
      method: outgoing.method,
      url: outgoing.origin + outgoing.path + queryString(outgoing.query),
      headers: outgoing.headers,
      body: outgoing.body,
    });
  }

  /** This attempt's request as it goes on the wire; a fresh object per attempt. */
  private outgoing(request: UpstreamRequest): OutgoingRequest {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
    const query: [string, string][] = [];
    if (request.query)
      for (const [key, value] of Object.entries(request.query))
        if (value !== undefined) query.push([key, String(value)]);
    return {
      method: request.method,
      origin: this.origin,
      path: this.basePath + request.path,
      query,
      headers,
      body,
    };
  }

  private async send<T>(
    request: UpstreamRequest,
    deadline: Deadline,
    timeoutOverride?: number,
  ): Promise<UpstreamResponse<T>> {
    const outgoing = this.outgoing(request);
    // Signed per attempt, before the attempt's deadline starts: a retry carries a fresh nonce and timestamp.
    if (this.options.authorizer && !request.anonymous)
      await this.options.authorizer.authorize(outgoing, deadline);
    const timeoutMs = timeoutOverride ?? request.timeoutMs ?? this.options.timeoutMs;
    // The attempt's deadline aborts the request through an EventEmitter, which undici accepts as a signal just
    // like an AbortSignal: making an AbortController, its signal and undici's listener on it cost about 4 µs
    // per call, an emitter a tenth of that.
    const abort = new EventEmitter();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.emit('abort');
    }, timeoutMs);
    try {
      const response = await this.pool.request({
        method: request.method,
        path: outgoing.path + queryString(outgoing.query),
        headers: outgoing.headers,
        body: outgoing.body,
        signal: abort,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await readLimited(response.body, this.options.maxResponseBytes, response.headers);
      const contentType = String(response.headers['content-type'] ?? '');
      return {
        status: response.statusCode,
        headers: response.headers,
        body: parseBody(text, contentType) as T,
        receivedAt: this.now(),
      };
    } catch (error) {
      if (error instanceof TransportFailure) throw error;
      const code = (error as { code?: string }).code ?? '';
      const isTimeout = timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
      const sent = !NOT_SENT_CODES.has(code);
      if (code === 'UND_ERR_CONNECT_TIMEOUT') throw new TransportFailure('timeout', false, error);
      throw new TransportFailure(isTimeout ? 'timeout' : 'network', sent, error);
    } finally {
      clearTimeout(timer);
    }
  }
}

function queryString(query: readonly [string, string][]): string {
  if (query.length === 0) return '';
  return `?${new URLSearchParams(query).toString()}`;
}
