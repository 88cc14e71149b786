import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleService } from '../scripts/bundle-service.js';
import type { GcReport } from './gc-watch.js';

export const BENCH_TOKEN = 'bench-testnet-token';

/**
 * Starts a script in a child process and waits for the JSON line it prints when listening: a bench/*.ts
 * file through tsx, or a compiled .js file by node alone.
 */
async function startProcess<T>(
  script: string,
  args: string[],
  ipc = false,
): Promise<{ child: ChildProcess; printed: T }> {
  const command = script.endsWith('.js')
    ? [script]
    : ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))];
  const child = spawn(process.execPath, [...command, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline !== -1) resolve(buffered.slice(0, newline));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, printed: JSON.parse(line) as T };
}

export interface BenchServers {
  urls: { gateway: string; bare: string; sim: string };
  pids: { server: number; sim: number };
  /** utime + stime of the server process, ms. */
  cpuMs: () => number;
  /** GC pauses of the server process between the two calls. */
  watch: () => void;
  report: () => Promise<GcReport>;
  stop: () => void;
}

/**
 * The gateway and the bare route in one child process (bench/gateway-bench-server.ts, compiled), pointed at
 * the ticker simulator: in a child process of its own (`separate`, as a venue is remote in production) or
 * inside the gateway's process (`in-process`, as the sim profile of `npm start` runs its simulators).
 */
export async function startServers(simulator: 'separate' | 'in-process'): Promise<BenchServers> {
  const sim =
    simulator === 'separate'
      ? await startProcess<{ test: string; live: string }>('gateway-bench-sim.ts', [])
      : undefined;
  // Compiled, as `npm run start:gateway` runs the gateway (docs/decisions.md, "The services run compiled").
  const serverJs = await bundleService({
    entryPoints: {
      'gateway-bench-server': fileURLToPath(new URL('gateway-bench-server.ts', import.meta.url)),
    },
    outdir: fileURLToPath(new URL('dist', import.meta.url)),
  });
  const server = await startProcess<{ gateway: string; bare: string; sim: string }>(
    serverJs,
    [BENCH_TOKEN, sim ? JSON.stringify(sim.printed) : 'in-process'],
    true,
  );
  const { child } = server;
  // utime + stime of the server process in ms (Linux clock ticks of 10 ms).
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  return {
    urls: server.printed,
    pids: { server: child.pid ?? 0, sim: sim?.child.pid ?? child.pid ?? 0 },
    cpuMs,
    watch: () => child.send('watch'),
    report: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(message as GcReport));
        child.send('report');
      }),
    stop: () => {
      child.kill('SIGTERM');
      sim?.child.kill('SIGTERM');
    },
  };
}
