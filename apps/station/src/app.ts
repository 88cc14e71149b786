import { type App, createApp, type Logger } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { StationConfig } from './config.js';

export interface StationDeps {
  config: StationConfig;
  logger: Logger;
}

/**
 * The operator station server. Until the web client lands it answers /health
 * only (see README); the station code is reported so a misconfigured station is visible.
 */
export async function buildApp({ config, logger }: StationDeps): Promise<App> {
  const app = await createApp({ logger, renderError: (error) => ({ detail: error.message }) });
  app.get(
    '/health',
    {
      schema: {
        response: { 200: Type.Object({ status: Type.String(), station_code: Type.String() }) },
      },
    },
    async () => ({ status: 'ok', station_code: config.STATION_CODE }),
  );
  return app;
}
