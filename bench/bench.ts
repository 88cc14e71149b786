import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
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

/**
 * Share of the machine's CPU time taken by the hypervisor for other guests (`steal` in /proc/stat)
 * from this call until the returned function is called, in percent; 0 where /proc/stat is missing.
 * On a shared virtual machine a latency tail can be the host's, not the code's.
 */
export function stealMeter(): () => number {
  const read = (): { steal: number; total: number } => {
    try {
      const fields =
        readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
      // user nice system idle iowait irq softirq steal (guest times are already inside user and nice)
      return { steal: fields[7] ?? 0, total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0) };
    } catch {
      return { steal: 0, total: 0 };
    }
  };
  const start = read();
  return () => {
    const end = read();
    const total = end.total - start.total;
    return total > 0 ? ((end.steal - start.steal) / total) * 100 : 0;
  };
}

/** What the kernel's scheduler recorded for one thread over a stretch of time. */
export interface SchedUse {
  /** Time on a CPU, ms (user and kernel: a socket write that wakes its peer is kernel time). */
  runMs: number;
  /** Time runnable but waiting for a CPU, ms: after a wake-up, until it ran. */
  waitMs: number;
}

/**
 * The main thread (the event loop) of process `pid`, from /proc/<pid>/schedstat, from this call until
 * the returned function is called; zeros where it is missing. Read from outside the process, so it adds
 * no timer or wake-up to what it measures, as an in-process event-loop monitor would.
 */
export function schedMeter(pid: number): () => SchedUse {
  const read = (): number[] => {
    try {
      return readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    } catch {
      return [0, 0];
    }
  };
  const start = read();
  return () => {
    const end = read();
    return {
      runMs: ((end[0] ?? 0) - (start[0] ?? 0)) / 1e6,
      waitMs: ((end[1] ?? 0) - (start[1] ?? 0)) / 1e6,
    };
  };
}

/**
 * Starts a note on how loaded the machine was: call at the start of a bench, and the returned function at
 * its end for the sentence to print (one-minute load average before and after, against the core count).
 */
/**
 * The machine's load around a run, said as it was: the bench's own processes load a 2-core machine to about 2;
 * above the core count, other work shared it and the figures are an upper bound.
 */
export function machineLoad(before: number): string {
  const after = loadavg()[0] ?? 0;
  const cores = cpus().length;
  return (
    `Machine load average (1 min) ${fmt(before, 1)} at the start and ${fmt(after, 1)} at the end, on ${cores} cores` +
    (Math.max(before, after) > cores
      ? ': other work shared the machine, so the figures are an upper bound, to be rerun on a quiet machine.'
      : " (the load is this benchmark's own processes; nothing else ran).")
  );
}

export function loadNote(): () => string {
  const before = loadavg()[0] ?? 0;
  return () => {
    const after = loadavg()[0] ?? 0;
    const busy = Math.max(before, after) > cpus().length;
    return (
      `Machine load average (1 min) ${fmt(before, 1)} before and ${fmt(after, 1)} after, on ${cpus().length} cores` +
      (busy
        ? ': other work shared the machine, so single rounds swing by tens of percent and CPU per request is ' +
          'inflated for both routes; compare within a round, and rerun on a quiet machine for the figure.'
        : '.')
    );
  };
}
