import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The gateway as `npm start` deploys it: compiled (`npm run build:gateway`), `node apps/gateway/dist/main.js`,
 * the sim profile with its simulators in the same process, the request log on and written to a file as a
 * service manager would keep it. Benchmarks measure what users call through this.
 */
export interface DeployedGateway {
  url: string;
  pid: number;
  /** utime + stime of the gateway process, ms. */
  cpuMs(): number;
  /** Resident memory of the gateway process, bytes. */
  rssBytes(): number;
  call(path: string, body: unknown): Promise<Response>;
  stop(): Promise<void>;
}

export const DEPLOYED_TOKEN = 'bench-deployed-testnet-token';
export const DEPLOYED_HEADERS = {
  'content-type': 'application/json',
  authorization: `Bearer ${DEPLOYED_TOKEN}`,
  'x-bot-tag': 'bench',
};

const root = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the gateway and starts it; `main` instead starts a copy of a compiled main.js kept beside the build (it
 * imports its dependencies relative to apps/gateway/dist), as bench/compare-builds.ts does.
 */
export async function startDeployedGateway(
  env: Record<string, string> = {},
  main?: string,
): Promise<DeployedGateway> {
  if (!main) execFileSync('npm', ['run', '--silent', 'build:gateway'], { cwd: root, stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-deployed-'));
  const port = await freePort();
  const log = openSync(join(dataDir, 'gateway.log'), 'a');
  const child: ChildProcess = spawn(process.execPath, [main ?? join(root, 'apps/gateway/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', log, 'inherit'],
    env: {
      PATH: process.env.PATH,
      GATEWAY_PORT: String(port),
      DATA_DIR: dataDir,
      TESTNET_TOKEN: DEPLOYED_TOKEN,
      MAINNET_TOKEN: 'bench-deployed-mainnet-token',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${url}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (tries > 300 || child.exitCode !== null) throw new Error('the deployed gateway did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stat = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return {
    url,
    pid: child.pid ?? 0,
    // Linux clock ticks of 10 ms; RSS in 4 KiB pages.
    cpuMs: () => {
      const fields = stat();
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    rssBytes: () => Number(stat()[21]) * 4096,
    call: (path, body) =>
      fetch(`${url}${path}`, { method: 'POST', headers: DEPLOYED_HEADERS, body: JSON.stringify(body) }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
