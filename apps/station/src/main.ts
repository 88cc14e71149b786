import { fileURLToPath } from 'node:url';
import { createLogger, runMain, serve } from '@app/kit';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

runMain(async () => {
  const config = loadConfig(process.env);
  const logger = createLogger({ name: 'station', level: config.LOG_LEVEL });
  const webRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const app = await buildApp({ config, logger, webRoot });
  const address = await serve(app, { port: config.STATION_PORT, host: config.HOST });
  console.log(
    `station: ${address}  (station code: ${config.STATION_CODE || 'not set'}; API: ${config.MEASURE_API_URL})`,
  );
  if (!config.STATION_CODE)
    console.log(
      'station: STATION_CODE is empty; start with e.g. STATION_CODE=ST-DEFAULT npm run start:station (every installation has ST-DEFAULT)',
    );
});
