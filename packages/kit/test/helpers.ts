import { Type } from '@sinclair/typebox';
import { type App, createApp } from '../src/index.js';
import { captureLogger } from '../src/testing.js';

/** A small app with the kit's defaults and a `{ code, message, request_id }` error body. */
export async function buildSampleApp(): Promise<{ app: App; lines: () => Record<string, unknown>[] }> {
  const { logger, lines } = captureLogger();
  const app = await createApp({
    logger,
    bodyLimit: 1024,
    renderError: (error, request) => ({ code: error.code, message: error.message, request_id: request.id }),
    openapi: { title: 'sample', version: '1.0.0', jsonPath: '/openapi.json', docsPath: '/docs' },
  });
  app.post(
    '/items',
    {
      schema: {
        body: Type.Object({ name: Type.String({ maxLength: 10 }), count: Type.Integer({ minimum: 0 }) }),
        response: { 201: Type.Object({ name: Type.String(), count: Type.Integer() }) },
      },
    },
    async (request, reply) => reply.status(201).send(request.body),
  );
  app.get(
    '/items',
    { schema: { querystring: Type.Object({ page: Type.Integer({ minimum: 1, default: 1 }) }) } },
    async (request) => ({ page: request.query.page }),
  );
  return { app, lines };
}
