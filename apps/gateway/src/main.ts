import { randomBytes } from 'node:crypto';
import { createLogger, runMain, serve } from '@app/kit';
import { simulators } from '@app/sim';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { namespaces } from './namespaces.js';
import { startUpstreams } from './upstream/upstream-profile.js';
import { upstreamSpecs } from './upstreams.js';

const generateToken = () => randomBytes(32).toString('base64url');

runMain(async () => {
  const loaded = loadConfig(process.env, upstreamSpecs);
  // Unset tokens are generated for this run and printed once to the console, never to the log.
  const generated: string[] = [];
  const token = (name: string, value: string | undefined) => {
    if (value) return value;
    const fresh = generateToken();
    generated.push(`${name}=${fresh}`);
    return fresh;
  };
  const config = Object.freeze({
    ...loaded,
    TESTNET_TOKEN: token('TESTNET_TOKEN', loaded.TESTNET_TOKEN),
    MAINNET_TOKEN: token('MAINNET_TOKEN', loaded.MAINNET_TOKEN),
  });
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const upstreams = await startUpstreams({ config, specs: upstreamSpecs, simulators, logger });
  const app = await buildApp({ config, logger, upstreams, namespaces: namespaces(config) });
  const address = await serve(app, { port: config.GATEWAY_PORT, host: config.HOST });
  console.log(`gateway: ${address}  (docs ${address}/apidocs, upstream profile ${config.UPSTREAM_PROFILE})`);
  if (generated.length > 0)
    console.log(`gateway: generated tokens for this run:\n  ${generated.join('\n  ')}`);
});
