import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, NoContent } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import {
  AssignBodySchema,
  AssignmentParams,
  AssignmentSchema,
  StationCreateSchema,
  StationListQuery,
  StationParams,
  StationRecipeSchema,
  StationSchema,
  StationUpdateSchema,
} from './stations.schema.js';
import { createStationsService } from './stations.service.js';

export function registerStationsRoutes(app: App, { db, guards }: RouteDeps): void {
  const stations = createStationsService(db);
  const tags = ['stations'];
  const admin = { onRequest: early(guards.admin) };

  app.get(
    '/api/stations',
    {
      ...admin,
      schema: {
        tags,
        summary: 'List stations (Admin)',
        querystring: StationListQuery,
        response: { 200: Type.Array(StationSchema), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => stations.list(request.query.active_only),
  );

  app.post(
    '/api/stations',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a station (Admin)',
        body: StationCreateSchema,
        response: { 201: StationSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await stations.create(request.body, callerOf(request).id)),
  );

  app.get(
    '/api/stations/by-code/:code/recipes',
    {
      onRequest: early(guards.authenticated),
      schema: {
        tags,
        summary: 'Active recipes of an active station, by station code (any user)',
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Array(StationRecipeSchema), ...errorResponses(401, 404, 422) },
      },
    },
    (request) => stations.recipesByCode(request.params.code),
  );

  app.get(
    '/api/stations/:station_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'One station (Admin)',
        params: StationParams,
        response: { 200: StationSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => stations.get(request.params.station_id),
  );

  app.put(
    '/api/stations/:station_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Update a station; code is immutable (Admin)',
        params: StationParams,
        body: StationUpdateSchema,
        response: { 200: StationSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => stations.update(request.params.station_id, request.body, callerOf(request).id),
  );

  app.delete(
    '/api/stations/:station_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a station and its recipe assignments; measurements are unaffected (Admin)',
        params: StationParams,
        response: { 204: NoContent, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await stations.remove(request.params.station_id, callerOf(request).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/stations/:station_id/recipes',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Recipes assigned to a station (Admin)',
        params: StationParams,
        response: { 200: Type.Array(StationRecipeSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => stations.recipes(request.params.station_id),
  );

  app.post(
    '/api/stations/:station_id/recipes',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Assign a recipe to a station (Admin)',
        params: StationParams,
        body: AssignBodySchema,
        response: { 201: AssignmentSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await stations.assign(request.params.station_id, request.body.recipe_id, callerOf(request).id)),
  );

  app.delete(
    '/api/stations/:station_id/recipes/:recipe_id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Remove a recipe from a station (Admin)',
        params: AssignmentParams,
        response: { 204: NoContent, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await stations.unassign(request.params.station_id, request.params.recipe_id, callerOf(request).id);
      return reply.status(204).send(null);
    },
  );
}
