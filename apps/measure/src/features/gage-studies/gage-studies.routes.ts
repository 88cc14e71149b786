import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { errorResponses, Id } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import {
  AssignedStudySchema,
  GageStudyCreateSchema,
  GageStudyListQuery,
  GageStudyResultSchema,
  GageStudySchema,
  NextReadingSchema,
  OperatorCandidateSchema,
  RecordedReadingSchema,
  RecordReadingSchema,
} from './gage-studies.schema.js';
import { createGageStudiesService } from './gage-studies.service.js';

const StudyParams = Type.Object({ study_id: Id }, { additionalProperties: false });

/**
 * Gage R&R studies: metrologists define them and read the result; the operators of a study (any user
 * named in it) fetch their next reading and record it from a station.
 */
export function registerGageStudiesRoutes(app: App, { db, guards }: RouteDeps): void {
  const studies = createGageStudiesService(db);
  const tags = ['gage-studies'];
  const metrologist = { onRequest: early(guards.role('Metrologist')) };
  const anyUser = { onRequest: early(guards.authenticated) };

  app.post(
    '/api/gage-studies',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Define a gage R&R study: characteristic, parts × operators × trials (Metrologist)',
        description:
          "Each operator's run order is randomised (every trial round a new shuffle of the parts), from " +
          'a seed stored with the study. The tolerance (USL − LSL) of the characteristic is kept with it.',
        body: GageStudyCreateSchema,
        response: { 201: GageStudySchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await studies.create(request.body, callerOf(request).id)),
  );

  app.get(
    '/api/gage-studies',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Gage R&R studies, the newest 500 first, with each operator’s progress (Metrologist)',
        querystring: GageStudyListQuery,
        response: { 200: Type.Array(GageStudySchema), ...errorResponses(401, 403, 422) },
      },
    },
    (request) => studies.studies(request.query),
  );

  app.get(
    '/api/gage-studies/operators',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Users who can be a study’s operators: active, with the MeasurementTec role (Metrologist)',
        response: { 200: Type.Array(OperatorCandidateSchema), ...errorResponses(401, 403) },
      },
    },
    () => studies.candidates(),
  );

  app.get(
    '/api/gage-studies/assigned',
    {
      ...anyUser,
      schema: {
        tags,
        summary: 'The studies in which the caller still has readings to take (station)',
        response: { 200: Type.Array(AssignedStudySchema), ...errorResponses(401) },
      },
    },
    (request) => studies.assigned(callerOf(request).id),
  );

  app.get(
    '/api/gage-studies/:study_id',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'One gage R&R study with each operator’s progress (Metrologist)',
        params: StudyParams,
        response: { 200: GageStudySchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => studies.get(request.params.study_id),
  );

  app.get(
    '/api/gage-studies/:study_id/next',
    {
      ...anyUser,
      schema: {
        tags,
        summary: "The caller's next reading in the study's run order: part and trial (operator of the study)",
        params: StudyParams,
        response: { 200: NextReadingSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => studies.next(request.params.study_id, callerOf(request).id),
  );

  app.post(
    '/api/gage-studies/:study_id/readings',
    {
      ...anyUser,
      schema: {
        tags,
        summary: "Record the caller's next reading (operator of the study)",
        description:
          'The body names the sequence the station showed. A reading already recorded is never overwritten ' +
          '(409 ALREADY_RECORDED); a sequence other than the next one is 409 OUT_OF_ORDER.',
        params: StudyParams,
        body: RecordReadingSchema,
        response: { 201: RecordedReadingSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await studies.record(request.params.study_id, callerOf(request).id, request.body)),
  );

  app.get(
    '/api/gage-studies/:study_id/result',
    {
      ...metrologist,
      schema: {
        tags,
        summary:
          'The study’s result: ANOVA tables, variance components, percentages, ndc, verdict (Metrologist)',
        description:
          'Crossed study, ANOVA method (AIAG MSA 4th ed.); conventions in docs/statistics.md. 409 while ' +
          'readings are missing.',
        params: StudyParams,
        response: { 200: GageStudyResultSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    (request) => studies.result(request.params.study_id),
  );
}
