import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, Paged } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import {
  MeasurementCountSchema,
  RecipeCreateSchema,
  RecipeListQuery,
  RecipeParams,
  RecipeSchema,
  RecipeSummarySchema,
  RecipeUpdateSchema,
  VersionChangesQuery,
  VersionChangesSchema,
  VersionParams,
  VersionSchema,
  VersionSummarySchema,
} from './recipes.schema.js';
import { createRecipesService } from './recipes.service.js';

export function registerRecipesRoutes(app: App, { db, dialect, guards }: RouteDeps): void {
  const recipes = createRecipesService(db, dialect);
  const tags = ['recipes'];
  const any = { onRequest: early(guards.authenticated) };
  const maker = { onRequest: early(guards.role('Maker')) };

  app.post(
    '/api/recipes',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Create a recipe with version 1 as current (Maker)',
        body: RecipeCreateSchema,
        response: { 201: RecipeSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recipes.create(request.body, callerOf(request).id)),
  );

  app.get(
    '/api/recipes',
    {
      ...any,
      schema: {
        tags,
        summary: 'Paged list of active recipes, searchable by name or code',
        querystring: RecipeListQuery,
        response: { 200: Paged(RecipeSummarySchema), ...errorResponses(401, 422) },
      },
    },
    (request) => recipes.list(request.query.page, request.query.per_page, request.query.search),
  );

  app.get(
    '/api/recipes/code/:code',
    {
      onRequest: early(guards.role('MeasurementTec')),
      schema: {
        tags,
        summary: 'Active recipe by its code, with the current version (MeasurementTec)',
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: RecipeSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => recipes.getByCode(request.params.code),
  );

  app.get(
    '/api/recipes/:recipe_id',
    {
      ...any,
      schema: {
        tags,
        summary: 'Recipe with its current version, tasks and subtasks',
        params: RecipeParams,
        response: { 200: RecipeSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => recipes.get(request.params.recipe_id),
  );

  app.put(
    '/api/recipes/:recipe_id',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Update a recipe: releases the next version, copying every task and subtask (Maker)',
        description:
          'The release of a new version: change_notes give its reason and are required. Recorded in the ' +
          'change history with the fields that changed, before and after.',
        params: RecipeParams,
        body: RecipeUpdateSchema,
        response: { 200: RecipeSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) => recipes.update(request.params.recipe_id, request.body, callerOf(request).id),
  );

  app.delete(
    '/api/recipes/:recipe_id',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Deactivate a recipe (soft delete) (Maker)',
        params: RecipeParams,
        response: { 200: RecipeSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => recipes.deactivate(request.params.recipe_id, callerOf(request).id),
  );

  app.get(
    '/api/recipes/:recipe_id/versions',
    {
      ...any,
      schema: {
        tags,
        summary: 'Versions of a recipe, newest first',
        params: RecipeParams,
        response: { 200: Type.Array(VersionSummarySchema), ...errorResponses(401, 404, 422) },
      },
    },
    (request) => recipes.versions(request.params.recipe_id),
  );

  app.get(
    '/api/recipes/:recipe_id/versions/:version_number',
    {
      ...any,
      schema: {
        tags,
        summary: 'One version with its tasks and subtasks',
        params: VersionParams,
        response: { 200: VersionSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => recipes.version(request.params.recipe_id, request.params.version_number),
  );

  app.get(
    '/api/recipes/:recipe_id/versions/:version_number/changes',
    {
      ...any,
      schema: {
        tags,
        summary:
          'What changed from this version to another (default: the current one): tasks, points, limits',
        description:
          'Points (characteristics) are matched by marker number, tasks by title. `changed` lists each field ' +
          'with its value in this version (`from`) and in the other (`to`).',
        params: VersionParams,
        querystring: VersionChangesQuery,
        response: { 200: VersionChangesSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) =>
      recipes.changes(request.params.recipe_id, request.params.version_number, request.query.against),
  );

  app.get(
    '/api/recipes/:recipe_id/versions/:version_number/measurement-count',
    {
      ...maker,
      schema: {
        tags,
        summary: 'How many measurements were recorded on a version (Maker)',
        params: VersionParams,
        response: { 200: MeasurementCountSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => recipes.measurementCount(request.params.recipe_id, request.params.version_number),
  );
}
