import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../build.js';

/**
 * The gateway as `npm run start:gateway` runs it: compiled (apps/gateway/build.ts), started by node itself
 * with only environment variables, in the default sim profile, and stopped by SIGTERM.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'gateway-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the compiled gateway', () => {
  it('starts from the bundle, answers a tool call through the simulators, and exits 0 on SIGTERM', async () => {
    const main = await buildGateway();
    const child = spawn(process.execPath, [main], {
      env: {
        PATH: process.env.PATH ?? '',
        GATEWAY_PORT: '0',
        DATA_DIR: dataDir,
        TESTNET_TOKEN: 'compiled-testnet-token',
        MAINNET_TOKEN: 'compiled-mainnet-token',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`gateway did not start: ${stderr}`)), 30_000);
        child.stdout.on('data', () => {
          const match = /gateway: (http:\/\/\S+)/.exec(stdout);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        void exited.then((code) => reject(new Error(`gateway exited with ${code}: ${stderr}`)));
      });

      expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ status: 'ok', profile: 'sim' });
      const ready = await fetch(`${url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', profile: 'sim' });

      const response = await fetch(`${url}/mcp/tools/get_historical`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer compiled-testnet-token',
          'x-bot-tag': 'compiled-test',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          instrument: 'BTC',
          interval: '1d',
          start_date: '2026-11-01',
          end_date: '2026-11-02',
        }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { candles: unknown[]; testnet: boolean; simulated: boolean };
      expect(body.candles).toHaveLength(2);
      expect(body).toMatchObject({ testnet: true, simulated: true });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
