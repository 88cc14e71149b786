import { type App, createApp, type Logger } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { createGuards } from './auth/auth.plugin.js';
import type { Guards } from './auth/guard-types.js';
import type { MeasureConfig } from './config.js';
import type { Database } from './db/database.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerMeasurementsRoutes } from './features/measurements/measurements.routes.js';
import { versionsRepository } from './features/recipes/recipes.repository.js';
import { registerRecipesRoutes } from './features/recipes/recipes.routes.js';
import { registerSettingsRoutes } from './features/settings/settings.routes.js';
import { createSettingsService } from './features/settings/settings.service.js';
import { registerStationsRoutes } from './features/stations/stations.routes.js';
import { registerTasksRoutes } from './features/tasks/tasks.routes.js';
import { registerUsersRoutes } from './features/users/users.routes.js';
import { rejectNulCharacters } from './http/no-nul.hook.js';
import type { RouteDeps } from './http/route-deps.js';
import { registerReportsRoutes } from './reports/reports.routes.js';
import { registerStatisticsRoutes } from './statistics/statistics.routes.js';

export const API_VERSION = '0.1.0';

export interface MeasureDeps {
  config: MeasureConfig;
  logger: Logger;
  /** Opened and migrated (prepareDatabase); the app closes it on close. */
  database: Database;
}

/** What feature plugins outside the data layer (files, logo upload) are given. */
export interface MeasureSeams {
  guards: Guards;
  settings: { set(key: string, value: string): Promise<void> };
  /** True when the version exists and belongs to the recipe (file uploads under uploads/<recipe>/<version>/). */
  versionExists(recipeId: number, versionId: number): Promise<boolean>;
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
      description:
        'Send the key from POST /api/auth/login as X-API-Key on every call except health and login.',
      jsonPath: '/api/openapi.json',
      docsPath: '/api/docs',
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    },
  });
  app.addHook('onClose', () => database.destroy());
  app.addHook('preValidation', rejectNulCharacters);
  // Guarded routes carry their guard as a route-level onRequest hook: document them as needing X-API-Key.
  app.addHook('onRoute', (route) => {
    if (route.onRequest && route.schema && !route.schema.security) {
      (route.schema as { security?: unknown }).security = [{ apiKey: [] }];
    }
  });

  const { db } = database;
  const deps: RouteDeps = { db, dialect: database.dialect, guards: createGuards(db), database };
  const seams: MeasureSeams = {
    guards: deps.guards,
    settings: createSettingsService(db),
    versionExists: async (recipeId, versionId) =>
      (await versionsRepository.findById(db, versionId))?.recipe_id === recipeId,
  };

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
  registerMeasurementsRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerStationsRoutes(app, deps);
  registerStatisticsRoutes(app, deps);
  registerReportsRoutes(app, deps, config);
  // Merge point: the files and logo-upload plugins and the rate limiter register here with `seams`.
  void seams;
  return app;
}
