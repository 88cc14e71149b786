import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, Id, Paged } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import { CommentCreateSchema, CommentListQuery, CommentSchema } from './comments.schema.js';
import { createCommentsService } from './comments.service.js';

const MeasurementParams = Type.Object({ measurement_id: Id }, { additionalProperties: false });

/** Comments on measurements, for metrologists: annotate a point, read a point's or a recipe's comments. */
export function registerCommentsRoutes(app: App, { db, guards }: RouteDeps): void {
  const comments = createCommentsService(db);
  const tags = ['comments'];
  const metrologist = { onRequest: early(guards.role('Metrologist')) };

  app.post(
    '/api/measurements/:measurement_id/comments',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Comment on a measurement (Metrologist)',
        description:
          'Kept with who wrote it and when; comments are never edited or deleted. The control chart carries ' +
          'the selection’s comments under `comments`.',
        params: MeasurementParams,
        body: CommentCreateSchema,
        response: { 201: CommentSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await comments.add(request.params.measurement_id, request.body, callerOf(request).id)),
  );

  app.get(
    '/api/measurements/:measurement_id/comments',
    {
      ...metrologist,
      schema: {
        tags,
        summary: "A measurement's comments, oldest first (Metrologist)",
        params: MeasurementParams,
        response: { 200: Type.Array(CommentSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => comments.ofMeasurement(request.params.measurement_id),
  );

  app.get(
    '/api/comments',
    {
      ...metrologist,
      schema: {
        tags,
        summary: "Comments on a recipe's measurements, newest first (Metrologist)",
        querystring: CommentListQuery,
        response: { 200: Paged(CommentSchema), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => comments.list(request.query),
  );
}
