import { type App, forbidden } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, NoContent } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import {
  GaugeCreateSchema,
  GaugeListQuery,
  GaugeParams,
  GaugeSchema,
  GaugeUpdateSchema,
} from './gauges.schema.js';
import { createGaugesService } from './gauges.service.js';

export function registerGaugesRoutes(app: App, { db, dialect, guards }: RouteDeps): void {
  const gauges = createGaugesService(db, dialect);
  const tags = ['gauges'];
  const reader = { onRequest: early(guards.authenticated) };
  // The register is kept by administrators and metrologists (neither implies the other).
  const keeper = {
    onRequest: early(async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
      await guards.authenticated.call(app, request, reply);
      const caller = callerOf(request);
      if (!caller.is_admin && !caller.roles.includes('Metrologist'))
        throw forbidden('Requires an administrator or role Metrologist');
    }),
  };

  app.get(
    '/api/gauges',
    {
      ...reader,
      schema: {
        tags,
        summary: 'The gauge register, by code (any user: stations pick their gauge from it)',
        querystring: GaugeListQuery,
        response: { 200: Type.Array(GaugeSchema), ...errorResponses(401, 422) },
      },
    },
    (request) => gauges.list(request.query.status),
  );

  app.post(
    '/api/gauges',
    {
      ...keeper,
      schema: {
        tags,
        summary: 'Register a gauge (Admin or Metrologist)',
        body: GaugeCreateSchema,
        response: { 201: GaugeSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => reply.status(201).send(await gauges.create(request.body, callerOf(request).id)),
  );

  app.get(
    '/api/gauges/:gauge_id',
    {
      ...reader,
      schema: {
        tags,
        summary: 'One gauge (any user)',
        params: GaugeParams,
        response: { 200: GaugeSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => gauges.get(request.params.gauge_id),
  );

  app.put(
    '/api/gauges/:gauge_id',
    {
      ...keeper,
      schema: {
        tags,
        summary: 'Update a gauge: recalibration, status, details; code is immutable (Admin or Metrologist)',
        description:
          'Changing `status` opens or closes a service period: a measurement is accepted when the gauge was in ' +
          'service at the time it was taken (`taken_at`), also if it arrives after the change. Changing ' +
          '`calibration_due`, `status` or `resolution` requires `reason` (422 otherwise, nothing changed); ' +
          'every change is recorded in the change history.',
        params: GaugeParams,
        body: GaugeUpdateSchema,
        response: { 200: GaugeSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    (request) => gauges.update(request.params.gauge_id, request.body, callerOf(request).id),
  );

  app.delete(
    '/api/gauges/:gauge_id',
    {
      ...keeper,
      schema: {
        tags,
        summary: 'Delete a gauge no measurement names; 409 otherwise (Admin or Metrologist)',
        params: GaugeParams,
        response: { 204: NoContent, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await gauges.remove(request.params.gauge_id, callerOf(request).id);
      return reply.status(204).send(null);
    },
  );
}
