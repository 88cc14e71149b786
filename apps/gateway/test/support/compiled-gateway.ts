import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { buildGateway } from '../../build.js';

export interface CompiledGateway {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The address the gateway printed once listening. */
  url: string;
  /** The environment it was started with (PATH and the tokens), for commands that call it. */
  env: Record<string, string>;
}

/**
 * The compiled gateway started as `npm run start:gateway` starts it (sim profile, nothing configured but the
 * tokens) on a free port, for the README tests that run its commands by bash. A gateway that does not print its
 * address within 30 s, or exits first, is killed and the start fails.
 */
export async function startCompiledGateway(options: {
  dataDir: string;
  testnetToken: string;
  mainnetToken: string;
}): Promise<CompiledGateway> {
  const main = await buildGateway();
  const env = {
    PATH: process.env.PATH ?? '',
    GATEWAY_PORT: '0',
    DATA_DIR: options.dataDir,
    TESTNET_TOKEN: options.testnetToken,
    MAINNET_TOKEN: options.mainnetToken,
    LOG_LEVEL: 'silent',
  };
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('gateway did not start')), 30_000);
      child.stdout.on('data', (chunk) => {
        stdout += String(chunk);
        const match = /gateway: (http:\/\/\S+)/.exec(stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    });
    return { child, url, env };
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
}
