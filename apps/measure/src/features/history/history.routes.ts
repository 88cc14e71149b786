import { type App, forbidden } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, Id, Paged } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { exportHistoryCsv } from './history.csv.js';
import {
  ChangeRecordSchema,
  HistoryExportQuery,
  HistoryListQuery,
  RecipeHistoryQuery,
  UserHistoryQuery,
} from './history.schema.js';
import { createHistoryService } from './history.service.js';

const APPEND_ONLY =
  'The history is append-only: every change to recipes, versions, tasks, subtasks, users, stations and ' +
  'their assignments, settings and point exclusions leaves one record, written in the same transaction as ' +
  'the change, and no route updates or deletes one (the database refuses it too). Each record says who, ' +
  'when, what (entity, action, each changed field before and after; never a password or key hash) and why. ' +
  'Newest first.';

/** The change history, read by administrators and metrologists: overall, per recipe, per user, as CSV. */
export function registerHistoryRoutes(app: App, { db, database, guards }: RouteDeps): void {
  const history = createHistoryService(db);
  const tags = ['history'];
  // Auditors of the configuration: administrators, and metrologists who answer for the measurements.
  const readers: preHandlerAsyncHookHandler = async function (request, reply) {
    await guards.authenticated.call(this, request, reply);
    const caller = callerOf(request);
    if (!caller.is_admin && !caller.roles.includes('Metrologist'))
      throw forbidden('Requires an administrator or the role Metrologist');
  };
  const guarded = { onRequest: early(readers) };
  const page = Paged(ChangeRecordSchema);

  app.get(
    '/api/history',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The change history, filtered and paged (Admin or Metrologist)',
        description: APPEND_ONLY,
        querystring: HistoryListQuery,
        response: { 200: page, ...errorResponses(401, 403, 422) },
      },
    },
    ({ query: { page, per_page, ...filters } }) => history.list(filters, page, per_page),
  );

  app.get(
    '/api/recipes/:recipe_id/history',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A recipe's change history across all its versions (Admin or Metrologist)",
        description:
          'The recipe itself, its released versions, tasks, subtasks, station assignments and the exclusions ' +
          'of its measured points. Newest first.',
        params: Type.Object({ recipe_id: Id }),
        querystring: RecipeHistoryQuery,
        response: { 200: page, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async ({ params, query: { page, per_page, ...filters } }) => {
      await history.requireRecipe(params.recipe_id);
      return history.list({ ...filters, recipe_id: params.recipe_id }, page, per_page);
    },
  );

  app.get(
    '/api/users/:user_id/history',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The changes a user made (Admin or Metrologist)',
        description:
          'Changes made to a user are under /api/history?entity_type=user&entity_id=<id>. Newest first.',
        params: Type.Object({ user_id: Id }),
        querystring: UserHistoryQuery,
        response: { 200: page, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async ({ params, query: { page, per_page, ...filters } }) => {
      await history.requireUser(params.user_id);
      return history.list({ ...filters, actor_id: params.user_id }, page, per_page);
    },
  );

  app.get(
    '/api/history/export/csv',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The change history as CSV, oldest first, streamed (Admin or Metrologist)',
        description:
          'Same filters as GET /api/history. Columns: id, recorded_at, actor_id, actor_username, entity_type, ' +
          'entity_id, action, recipe_id, version_id, changes (JSON array of field, before, after), reason. ' +
          'Delimiter from the setting csv_delimiter; quoting per RFC 4180; a cell starting with = + - @ tab ' +
          "or CR gets a leading ' so a spreadsheet shows it as text.",
        querystring: HistoryExportQuery,
        produces: ['text/csv'],
        response: {
          200: { description: 'CSV text', content: { 'text/csv': { schema: Type.String() } } },
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const delimiter = (await settingsRepository.get(db, 'csv_delimiter')) || ',';
      const stream = exportHistoryCsv(database, request.query, delimiter);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="change-history.csv"')
          // The typed reply expects the documented string body; a stream of that text is what Fastify sends.
          .send(stream as unknown as string)
      );
    },
  );
}
