/**
 * Starts what the browser scenario talks to, on ephemeral ports: the real measurement service
 * (`apps/measure/src/main.ts` per the run contract, in its own process on a temp DATA_DIR) and a station
 * server in front of it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger, startTestServer } from '@app/kit/testing';
import { buildApp as buildStation } from '../../station/src/app.js';
import { loadConfig as loadStationConfig } from '../../station/src/config.js';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const webRoot = join(repoRoot, 'apps/web/dist');

export interface Services {
  measureUrl: string;
  stationUrl: string;
  adminPassword: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`measure service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 150));
  }
  throw new Error('measure service did not become healthy');
}

async function startMeasure(adminPassword: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-measure-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/measure/src/main.ts'], {
    cwd: repoRoot,
    // Only what the service needs: CI exports DATABASE_URL and REDIS_URL for the integration suites, and
    // this scenario must run on its own SQLite file in a temp DATA_DIR, not in a shared database.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      MEASURE_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      // a browser test loads pages, chunks and queries from one address far faster than a person; the general
      // limit (300 a minute) is tested by the API suite, and would answer a late test's page chunk with 429
      RATE_LIMIT_GENERAL: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startServices(stationCode: string): Promise<Services> {
  const adminPassword = `e2e-${Math.random().toString(36).slice(2)}-Pw1!`;
  const measure = await startMeasure(adminPassword);
  const config = loadStationConfig({
    STATION_CODE: stationCode,
    MEASURE_API_URL: measure.url,
    LOG_LEVEL: 'silent',
  });
  const station = await startTestServer(await buildStation({ config, logger: silentLogger(), webRoot }));
  return {
    measureUrl: measure.url,
    stationUrl: station.url,
    adminPassword,
    stop: async () => {
      await station.close();
      await measure.stop();
    },
  };
}
