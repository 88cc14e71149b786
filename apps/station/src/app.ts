import { type App, createApp, type Logger } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { StationConfig } from './config.js';
import { apiProxy } from './proxy/api-proxy.js';
import { stationPages } from './web/station-pages.js';

export interface StationDeps {
  config: StationConfig;
  logger: Logger;
  /** The built web client (apps/web/dist). */
  webRoot: string;
}

/**
 * The operator station server: the web client in station mode (operator pages only), `/api` passed
 * through to the measurement service, and /health reporting the configured station code.
 */
export async function buildApp({ config, logger, webRoot }: StationDeps): Promise<App> {
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
  // Each in its own scope: the proxy replaces the body parsers, which the pages must not inherit.
  await app.register(apiProxy, {
    upstream: config.MEASURE_API_URL,
    timeoutMs: config.MEASURE_API_TIMEOUT_MS,
  });
  await app.register(stationPages, { root: webRoot, stationCode: config.STATION_CODE });
  return app;
}
