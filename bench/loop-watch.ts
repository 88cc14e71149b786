import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** What held a process's event loop up while it was watched. */
export interface LoopReport {
  /** Longest event-loop delay, ms (a stall of the process: GC, a long task, or the OS not running it). */
  delayMaxMs: number;
  delayP99Ms: number;
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  /** Full (mark-compact) collections among them. */
  gcMajor: number;
}

/**
 * Event-loop delay (perf_hooks, 1 ms resolution) and GC pauses of this
 * process between start() and stop(). Off until started, so it costs nothing
 * during the throughput rounds.
 */
export function loopWatch(): { start(): void; stop(): LoopReport } {
  const delay = monitorEventLoopDelay({ resolution: 1 });
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
      delay.reset();
      delay.enable();
      watching = true;
    },
    stop() {
      delay.disable();
      watching = false;
      return {
        delayMaxMs: delay.max / 1e6,
        delayP99Ms: delay.percentile(99) / 1e6,
        gcCount: pauses.length,
        gcTotalMs: pauses.reduce((sum, pause) => sum + pause.ms, 0),
        gcMaxMs: Math.max(0, ...pauses.map((pause) => pause.ms)),
        gcMajor: pauses.filter((pause) => pause.major).length,
      };
    },
  };
}
