import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, Id, Paged } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import {
  ExclusionCreateSchema,
  ExclusionListItemSchema,
  ExclusionListQuery,
  ExclusionReinstateQuery,
  ExclusionSchema,
} from './exclusions.schema.js';
import { createExclusionsService } from './exclusions.service.js';

const MeasurementParams = Type.Object({ measurement_id: Id }, { additionalProperties: false });

/** Exclusions of points from the statistics, for metrologists: take out, put back, read the history. */
export function registerExclusionsRoutes(app: App, { db, guards }: RouteDeps): void {
  const exclusions = createExclusionsService(db);
  const tags = ['exclusions'];
  const metrologist = { onRequest: early(guards.role('Metrologist')) };

  app.post(
    '/api/measurements/:measurement_id/exclusion',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Exclude a measurement from every statistic with an assignable cause (Metrologist)',
        description:
          'The point stays stored and visible (the control chart lists it under `excluded`), but leaves the ' +
          'summary, capability, control limits, histogram and the SPC report until it is reinstated. The ' +
          'record of who excluded it, when and why is kept for good.',
        params: MeasurementParams,
        body: ExclusionCreateSchema,
        response: { 201: ExclusionSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const exclusion = await exclusions.exclude(
        request.params.measurement_id,
        request.body,
        callerOf(request).id,
      );
      return reply.code(201).send(exclusion);
    },
  );

  app.delete(
    '/api/measurements/:measurement_id/exclusion',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Reinstate an excluded measurement: it counts in the statistics again (Metrologist)',
        description:
          'Completes the exclusion record with who reinstated the point, when and (optionally) why.',
        params: MeasurementParams,
        querystring: ExclusionReinstateQuery,
        response: { 200: ExclusionSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    (request) =>
      exclusions.reinstate(request.params.measurement_id, request.query.note, callerOf(request).id),
  );

  app.get(
    '/api/measurements/:measurement_id/exclusions',
    {
      ...metrologist,
      schema: {
        tags,
        summary: "A measurement's exclusions, oldest first: its audit trail (Metrologist)",
        params: MeasurementParams,
        response: { 200: Type.Array(ExclusionSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => exclusions.history(request.params.measurement_id),
  );

  app.get(
    '/api/exclusions',
    {
      ...metrologist,
      schema: {
        tags,
        summary:
          "Exclusions of a recipe's measurements, newest first, with the values they concern (Metrologist)",
        querystring: ExclusionListQuery,
        response: { 200: Paged(ExclusionListItemSchema), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => exclusions.list(request.query),
  );
}
