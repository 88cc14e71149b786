import { fileURLToPath } from 'node:url';
import { type App, createApp, type Logger, metricsRegistry, registerMetrics } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { createGuards } from './auth/auth.plugin.js';
import type { Guards } from './auth/guard-types.js';
import type { MeasureConfig } from './config.js';
import type { Database } from './db/database.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import { registerCommentsRoutes } from './features/comments/comments.routes.js';
import { registerExclusionsRoutes } from './features/exclusions/exclusions.routes.js';
import { registerGageStudiesRoutes } from './features/gage-studies/gage-studies.routes.js';
import { registerGaugesRoutes } from './features/gauges/gauges.routes.js';
import { registerHistoryRoutes } from './features/history/history.routes.js';
import { registerMeasurementsRoutes } from './features/measurements/measurements.routes.js';
import { versionsRepository } from './features/recipes/recipes.repository.js';
import { registerRecipesRoutes } from './features/recipes/recipes.routes.js';
import { registerSettingsRoutes } from './features/settings/settings.routes.js';
import { createSettingsService } from './features/settings/settings.service.js';
import { registerStationsRoutes } from './features/stations/stations.routes.js';
import { registerTasksRoutes } from './features/tasks/tasks.routes.js';
import { registerUsersRoutes } from './features/users/users.routes.js';
import { createFileStore } from './files/create-file-store.js';
import { fileRoutes } from './files/files.routes.js';
import { requireCanonicalIds } from './http/canonical-ids.hook.js';
import { rejectNulCharacters } from './http/no-nul.hook.js';
import { operationIdOf } from './http/operation-ids.js';
import { redactUrl } from './http/redact-url.js';
import type { RouteDeps } from './http/route-deps.js';
import { MeasureMetrics } from './metrics/measure-metrics.js';
import { createRateLimitStore } from './rate-limit/create-store.js';
import { rateLimitPlugin } from './rate-limit/rate-limit.plugin.js';
import type { RateLimitRule, RateLimitStore } from './rate-limit/rate-limit.store.js';
import { registerReportsRoutes } from './reports/reports.routes.js';
import { registerStatisticsRoutes } from './statistics/statistics.routes.js';
import { webPlugin } from './web/web.plugin.js';

export const API_VERSION = '0.1.0';

export interface MeasureDeps {
  config: MeasureConfig;
  logger: Logger;
  /** Opened and migrated (prepareDatabase); the app closes it on close. */
  database: Database;
  /**
   * Replaces parts of the rate limiting the config selects (RATE_LIMIT_GENERAL, login 5 per 60 s,
   * memory or REDIS_URL). Integration tests log in from 127.0.0.1 many times and raise the limits here.
   */
  rateLimits?: {
    general?: RateLimitRule;
    login?: RateLimitRule;
    loginUser?: RateLimitRule;
    store?: RateLimitStore;
  };
  /** The built web client served at `/`; default apps/web/dist. `null`: API only. */
  webRoot?: string | null;
}

/** The spec's login budget: 5 attempts per IP in any 60 seconds; only attempts that fail are kept. */
export const LOGIN_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 60_000 };
/** Failed attempts per username from any address: slows a guesser spread over many IPs. */
export const LOGIN_USER_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60_000 };
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** What feature plugins outside the data layer (files, logo upload) are given. */
export interface MeasureSeams {
  guards: Guards;
  settings: { set(key: string, value: string, actorId: number): Promise<void> };
  /** True when the version exists and belongs to the recipe (file uploads under <recipe>/<version>/). */
  versionExists(recipeId: number, versionId: number): Promise<boolean>;
}

function accessLogRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The measurement service as a Fastify app; main.ts listens, tests call this directly. */
export async function buildApp(measureDeps: MeasureDeps): Promise<App> {
  const { config, logger, database, rateLimits } = measureDeps;
  const app = await createApp({
    // The access log writes each request's URL; a key or password a client put in it must not be kept
    // there. Fastify takes the logger's own `req` serializer over its default, for every route and the 404s.
    logger: logger.child({}, { serializers: { req: accessLogRequest } }),
    trustProxy: config.TRUST_PROXY,
    // A 409 that names what it conflicts with (the current version of a recipe) carries it as data, so a
    // client can act on it without parsing the message; its routes declare the shape (ConflictSchema).
    renderError: (error) =>
      error.status === 409 && error.details
        ? { detail: error.message, code: error.code, details: error.details }
        : { detail: error.message },
    openapi: {
      title: 'Measurement management API',
      version: API_VERSION,
      description:
        'Send the key from POST /api/auth/login as X-API-Key on every call except health and login.',
      jsonPath: '/api/openapi.json',
      docsPath: '/api/docs',
      // Relative: the document describes the host that serves it.
      servers: [{ url: '/' }],
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    },
  });
  app.addHook('onClose', () => database.destroy());
  // Before any route, so each gets its request series.
  const metrics = config.METRICS_ENABLED ? new MeasureMetrics(metricsRegistry()) : undefined;
  if (metrics) {
    registerMetrics(app, {
      registry: metrics.registry,
      requests: metrics.requests,
      path: '/api/metrics',
      token: config.METRICS_TOKEN,
      realm: 'measure',
    });
  }
  // First, so every route (unknown ones too) is limited before any other work is done.
  const rateLimitStore =
    rateLimits?.store ??
    (await createRateLimitStore({
      redisUrl: config.REDIS_URL,
      keyPrefix: `${config.REDIS_KEY_PREFIX}rl:`,
      logger,
    }));
  await app.register(rateLimitPlugin, {
    general: rateLimits?.general ?? { limit: config.RATE_LIMIT_GENERAL, windowMs: 60_000 },
    login: rateLimits?.login ?? LOGIN_RATE_LIMIT,
    loginUser: rateLimits?.loginUser ?? LOGIN_USER_RATE_LIMIT,
    store: rateLimitStore,
    onRefused: metrics && ((limit) => metrics.rateLimited(limit)),
  });
  app.addHook('preValidation', rejectNulCharacters);
  app.addHook('preValidation', requireCanonicalIds);
  // Guarded routes carry their guard as a route-level hook (onRequest here, preHandler in the file
  // routes): document them as needing X-API-Key.
  // The rest (health, login) are open and say so (`security: []`). Every route gets an operationId.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { security?: unknown; operationId?: string } | undefined;
    if (!schema) return;
    if (!schema.security) schema.security = route.onRequest || route.preHandler ? [{ apiKey: [] }] : [];
    const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
    schema.operationId ??= operationIdOf(method, route.url);
  });

  const { db } = database;
  const deps: RouteDeps = { db, dialect: database.dialect, guards: createGuards(db), database, metrics };
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
        description:
          'status "degraded" (still 200: the service answers) names in `degraded` what runs below its ' +
          'configuration, e.g. rate limits counted per instance while Redis is unreachable.',
        response: {
          200: Type.Object({
            status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
            service: Type.String(),
            version: Type.String(),
            degraded: Type.Optional(Type.Array(Type.String())),
          }),
        },
      },
    },
    async () => {
      const degraded = rateLimitStore.degraded?.();
      const base = { service: 'measure', version: API_VERSION };
      return degraded
        ? { status: 'degraded' as const, ...base, degraded: [degraded] }
        : { status: 'ok' as const, ...base };
    },
  );
  registerAuthRoutes(app, deps);
  registerUsersRoutes(app, deps);
  registerRecipesRoutes(app, deps);
  registerTasksRoutes(app, deps);
  registerMeasurementsRoutes(app, deps);
  registerExclusionsRoutes(app, deps);
  registerCommentsRoutes(app, deps);
  registerGageStudiesRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerStationsRoutes(app, deps);
  registerGaugesRoutes(app, deps);
  registerStatisticsRoutes(app, deps);
  registerHistoryRoutes(app, deps);
  const files = createFileStore(config.DATA_DIR, database);
  registerReportsRoutes(app, deps, files);
  await app.register(fileRoutes, {
    prefix: '/api',
    store: files,
    guards: seams.guards,
    settings: seams.settings,
    versions: { exists: seams.versionExists },
    maxUploadBytes: config.MAX_UPLOAD_SIZE_MB * 1024 * 1024,
  });
  // Last: its GET wildcard only answers what no API route does (unknown /api paths stay JSON 404s).
  const webRoot = measureDeps.webRoot === undefined ? DEFAULT_WEB_ROOT : measureDeps.webRoot;
  if (webRoot) await app.register(webPlugin, { root: webRoot });
  return app;
}
