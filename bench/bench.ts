import { cpus } from 'node:os';
import autocannon from 'autocannon';

/** A benchmark: runs, then returns its markdown section for docs/benchmarks.md. */
export type Bench = () => Promise<string>;

/** "2026-11-21, 2 × <cpu>" for section headers, so a section read alone still says where it ran. */
export const stamp = (): string =>
  `${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}`;

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Loads one URL with autocannon for a fixed time; optional rate caps the request rate (req/s). */
export async function load(
  url: string,
  options: {
    seconds?: number;
    connections?: number;
    rate?: number;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    duration: options.seconds ?? 5,
    connections: options.connections ?? 10,
    ...(options.rate ? { overallRate: options.rate } : {}),
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
  });
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
