import { AppError } from '@app/kit';
import type {
  Environment,
  UpstreamHttp,
  UpstreamRequest,
  UpstreamResponse,
} from '../../../src/upstream/upstream-types.js';

/**
 * Test-only UpstreamHttp over fetch (the frame's undici layer replaces it at
 * merge): no retries, records every request, and can be told to fail.
 */
export class FetchUpstream implements UpstreamHttp {
  readonly requests: UpstreamRequest[] = [];
  /** When set, every call answers this status and body instead of reaching the server. */
  fault: { status: number; body: unknown } | 'unreachable' | null = null;

  constructor(
    readonly name: string,
    readonly environment: Environment,
    readonly baseUrl: string,
    /** The clock that stamps `receivedAt`; tests pass the simulator's pinned clock. */
    private readonly now: () => number = Date.now,
  ) {}

  async request<T = unknown>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
    this.requests.push(request);
    if (this.fault === 'unreachable')
      throw new AppError(502, 'UPSTREAM_UNAVAILABLE', `${this.name} unreachable`, { retryable: true });
    if (this.fault)
      return { status: this.fault.status, headers: {}, body: this.fault.body as T, receivedAt: this.now() };
    const url = new URL(this.baseUrl + request.path);
    for (const [key, value] of Object.entries(request.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const response = await fetch(url, {
      method: request.method,
      headers: {
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { status: response.status, headers, body: body as T, receivedAt: this.now() };
  }
}
