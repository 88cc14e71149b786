import { createLogger, runMain, serve } from '@app/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

runMain(async () => {
  const config = loadConfig(process.env);
  const logger = createLogger({ name: 'measure', level: config.LOG_LEVEL });
  const app = await buildApp({ config, logger });
  const address = await serve(app, { port: config.MEASURE_PORT, host: config.HOST });
  console.log(`measure: ${address}/api  (docs ${address}/api/docs)`);
});
