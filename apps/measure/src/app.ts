import { type App, createApp, type Logger } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { createGuards } from './auth/auth.plugin.js';
import type { MeasureConfig } from './config.js';
import type { Database } from './db/database.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerRecipesRoutes } from './features/recipes/recipes.routes.js';
import { registerTasksRoutes } from './features/tasks/tasks.routes.js';
import { registerUsersRoutes } from './features/users/users.routes.js';
import type { RouteDeps } from './http/route-deps.js';

export const API_VERSION = '0.1.0';

export interface MeasureDeps {
  config: MeasureConfig;
  logger: Logger;
  /** Opened and migrated (prepareDatabase); the app closes it on close. */
  database: Database;
}

/** The measurement service as a Fastify app; main.ts listens, tests call this directly. */
export async function buildApp({ config, logger, database }: MeasureDeps): Promise<App> {
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
  app.addHook('onClose', () => database.destroy());

  const deps: RouteDeps = { db: database.db, dialect: database.dialect, guards: createGuards(database.db) };

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
  registerAuthRoutes(app, deps);
  registerUsersRoutes(app, deps);
  registerRecipesRoutes(app, deps);
  registerTasksRoutes(app, deps);
  return app;
}
