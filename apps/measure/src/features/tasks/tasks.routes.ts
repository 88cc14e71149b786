import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, NoContent } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import { RecipeParams, SubtaskSchema, TaskSchema } from '../recipes/recipes.schema.js';
import {
  ReorderSchema,
  SubtaskCreateSchema,
  SubtaskParams,
  SubtaskUpdateSchema,
  TaskCreateSchema,
  TaskParams,
  TaskUpdateSchema,
} from './tasks.schema.js';
import { createTasksService } from './tasks.service.js';

const EDIT_NOTE =
  'Edits apply to the current version; if it already has measurements, a new version is created first and the ' +
  'response carries the new ids. 409 for an older version or an inactive recipe.';

export function registerTasksRoutes(app: App, { db, dialect, guards }: RouteDeps): void {
  const tasks = createTasksService(db, dialect);
  const tags = ['tasks'];
  const maker = { onRequest: early(guards.role('Maker')) };
  const editErrors = errorResponses(400, 401, 403, 404, 409, 422);

  app.get(
    '/api/recipes/:recipe_id/tasks',
    {
      onRequest: early(guards.authenticated),
      schema: {
        tags,
        summary: 'Tasks of the current version, sorted by order_index',
        params: RecipeParams,
        response: { 200: Type.Array(TaskSchema), ...errorResponses(401, 404, 422) },
      },
    },
    (request) => tasks.list(request.params.recipe_id),
  );

  app.post(
    '/api/recipes/:recipe_id/tasks',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Add a task with its subtasks; creates the next version (Maker)',
        params: RecipeParams,
        body: TaskCreateSchema,
        response: { 201: TaskSchema, ...editErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await tasks.create(request.params.recipe_id, request.body, callerOf(request).id)),
  );

  app.put(
    '/api/tasks/reorder',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Reorder the tasks of a version; task_ids lists all of them in the new order (Maker)',
        description: EDIT_NOTE,
        body: ReorderSchema,
        response: { 200: Type.Array(TaskSchema), ...editErrors },
      },
    },
    (request) => tasks.reorder(request.body.task_ids, callerOf(request).id),
  );

  app.put(
    '/api/tasks/:task_id',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Update a task (Maker)',
        description: EDIT_NOTE,
        params: TaskParams,
        body: TaskUpdateSchema,
        response: { 200: TaskSchema, ...editErrors },
      },
    },
    (request) => tasks.update(request.params.task_id, request.body, callerOf(request).id),
  );

  app.delete(
    '/api/tasks/:task_id',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Delete a task and its subtasks (Maker)',
        description: EDIT_NOTE,
        params: TaskParams,
        response: { 204: NoContent, ...editErrors },
      },
    },
    async (request, reply) => {
      await tasks.remove(request.params.task_id, callerOf(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/tasks/:task_id/subtasks',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Add a subtask (measurement point); marker_number unique per version (Maker)',
        description: EDIT_NOTE,
        params: TaskParams,
        body: SubtaskCreateSchema,
        response: { 201: SubtaskSchema, ...editErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await tasks.createSubtask(request.params.task_id, request.body, callerOf(request).id)),
  );

  app.put(
    '/api/subtasks/:subtask_id',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Update a subtask (Maker)',
        description: EDIT_NOTE,
        params: SubtaskParams,
        body: SubtaskUpdateSchema,
        response: { 200: SubtaskSchema, ...editErrors },
      },
    },
    (request) => tasks.updateSubtask(request.params.subtask_id, request.body, callerOf(request).id),
  );

  app.delete(
    '/api/subtasks/:subtask_id',
    {
      ...maker,
      schema: {
        tags,
        summary: 'Delete a subtask (Maker)',
        description: EDIT_NOTE,
        params: SubtaskParams,
        response: { 204: NoContent, ...editErrors },
      },
    },
    async (request, reply) => {
      await tasks.removeSubtask(request.params.subtask_id, callerOf(request).id);
      return reply.status(204).send(null);
    },
  );
}
