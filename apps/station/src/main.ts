import { createLogger, runMain, serve } from '@app/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

runMain(async () => {
  const config = loadConfig(process.env);
  const logger = createLogger({ name: 'station', level: config.LOG_LEVEL });
  const app = await buildApp({ config, logger });
  const address = await serve(app, { port: config.STATION_PORT, host: config.HOST });
  console.log(`station: ${address}  (station code: ${config.STATION_CODE || 'not set'})`);
});
