import { type ChildProcess, spawn } from 'node:child_process';
import { buildMeasure } from '../../build.js';

/** Built once per process, from the sources as they are now. */
let built: Promise<string> | undefined;

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed to stdout so far. */
  output(): string;
  /** Everything the server printed to stderr so far. */
  errors(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The real service in its own Node process, with an explicit environment:
 * used where a test needs to kill the process itself, and by the benchmarks
 * that measure the process. It runs as `npm run start:measure` runs it,
 * compiled (apps/measure/build.ts) and started by node itself, so a signal
 * reaches the server rather than a wrapper.
 */
export async function startChildServer(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<ChildServer> {
  built ??= buildMeasure();
  const child = spawn(process.execPath, [...nodeFlags, await built], {
    env: { PATH: process.env.PATH ?? '', MEASURE_PORT: '0', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 30_000);
    child.stdout?.on('data', () => {
      const match = /measure: (http:\/\/[^/\s]+)\/api/.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  return {
    url,
    process: child,
    output: () => stdout,
    errors: () => stderr,
    kill: (signal) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
