import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mainFile = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything the server printed to stdout so far. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The real service (main.ts) in its own Node process, with an explicit
 * environment: used where a test needs to kill the process itself. Runs
 * node with tsx as a loader (not the tsx CLI), so a signal reaches the server
 * itself rather than a wrapper.
 */
export async function startChildServer(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', mainFile], {
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
    kill: (signal) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
