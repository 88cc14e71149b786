import { type App, createApp, type Logger } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { MeasureConfig } from './config.js';

export const API_VERSION = '0.1.0';

export interface MeasureDeps {
  config: MeasureConfig;
  logger: Logger;
}

/** The measurement service as a Fastify app; main.ts listens, tests call this directly. */
export async function buildApp({ config, logger }: MeasureDeps): Promise<App> {
  const app = await createApp({
    logger,
    trustProxy: config.TRUST_PROXY,
    renderError: (error) => ({ detail: error.message }),
    openapi: {
      title: 'Measurement management API',
      version: API_VERSION,
      jsonPath: '/api/openapi.json',
      docsPath: '/api/docs',
    },
  });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and version',
        response: {
          200: Type.Object({ status: Type.String(), service: Type.String(), version: Type.String() }),
        },
      },
    },
    async () => ({ status: 'ok', service: 'measure', version: API_VERSION }),
  );
  return app;
}
