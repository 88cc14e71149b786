import { type App, createApp, type Logger } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { GatewayConfig } from './config.js';

export const GATEWAY_VERSION = '2.0.0';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
}

/** The market tool gateway as a Fastify app; main.ts listens, tests call this directly. */
export async function buildApp({ logger }: GatewayDeps): Promise<App> {
  const app = await createApp({
    logger,
    renderError: (error, request) => ({
      error: {
        code: error.code,
        message: error.message,
        retryable: error.retryable,
        request_id: request.id,
        ...(error.details ? { details: error.details } : {}),
      },
    }),
    openapi: {
      title: 'Market tool gateway',
      version: GATEWAY_VERSION,
      jsonPath: '/openapi.json',
      docsPath: '/apidocs',
    },
  });

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness',
        response: { 200: Type.Object({ status: Type.String() }) },
      },
    },
    async () => ({ status: 'ok' }),
  );
  return app;
}
