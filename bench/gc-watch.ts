import { PerformanceObserver } from 'node:perf_hooks';

/** The GC pauses of a process while it was watched. */
export interface GcReport {
  count: number;
  totalMs: number;
  maxMs: number;
  /** Full (mark-compact) collections among them. */
  major: number;
}

/**
 * GC pauses of this process between start() and stop(), from perf_hooks. The
 * observer is passive: it adds no timer, so it does not wake the event loop
 * it watches (an event-loop delay monitor ticks every millisecond, doubling
 * the wake-ups of a gateway at 1,000 requests/s).
 */
export function gcWatch(): { start(): void; stop(): GcReport } {
  let pauses: { ms: number; major: boolean }[] = [];
  let watching = false;
  const observer = new PerformanceObserver((list) => {
    if (!watching) return;
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      // perf_hooks.constants.NODE_PERFORMANCE_GC_MAJOR
      pauses.push({ ms: entry.duration, major: kind === 4 });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    start() {
      pauses = [];
      watching = true;
    },
    stop() {
      watching = false;
      return {
        count: pauses.length,
        totalMs: pauses.reduce((sum, pause) => sum + pause.ms, 0),
        maxMs: Math.max(0, ...pauses.map((pause) => pause.ms)),
        major: pauses.filter((pause) => pause.major).length,
      };
    },
  };
}
