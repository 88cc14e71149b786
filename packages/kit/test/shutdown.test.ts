import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/slow-server.ts', import.meta.url));
let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
});

function waitForLine(proc: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(pattern);
      if (match) {
        proc.stdout?.off('data', onData);
        resolve(match[0]);
      }
    };
    proc.stdout?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`exited ${code} before ${pattern}: ${buffer}`)));
  });
}

describe('graceful shutdown', () => {
  it('lets a slow in-flight request finish after SIGTERM, closes hooks, then exits 0', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'pipe'] });
    const proc = child;
    const output: string[] = [];
    proc.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    proc.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));

    const address = (await waitForLine(proc, /http:\/\/127\.0\.0\.1:\d+/)).trim();
    const inFlight = waitForLine(proc, /in-flight/);
    const slow = fetch(`${address}/slow?ms=1500`);
    await inFlight;
    proc.kill('SIGTERM');

    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    expect(`${await exited} ${output.join('')}`).toMatch(/^0 /);
    expect(output.join('')).toContain('closed-pools');
    // Once draining began, no new connection is accepted.
    await expect(fetch(`${address}/slow?ms=1`)).rejects.toThrow();
  });

  it('does not wait for a connection that never sent a request (a spare or health-check connection)', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'pipe'] });
    const proc = child;
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const address = new URL((await waitForLine(proc, /http:\/\/127\.0\.0\.1:\d+/)).trim());
    const silent = connect(Number(address.port), address.hostname);
    silent.on('error', () => {});
    await new Promise((resolve) => silent.once('connect', resolve));
    const closedByServer = new Promise((resolve) => silent.once('close', resolve));
    proc.kill('SIGTERM');
    // Without the fix the server waits for the header timeout, and the grace period (25 s) ends in exit 1.
    expect(await exited).toBe(0);
    await closedByServer;
  });
});
