import { createLogger, runMain, serve } from '@app/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

runMain(async () => {
  const config = loadConfig(process.env);
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const app = await buildApp({ config, logger });
  const address = await serve(app, { port: config.GATEWAY_PORT, host: config.HOST });
  console.log(`gateway: ${address}  (docs ${address}/apidocs)`);
});
