import { Readable } from 'node:stream';
import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../http/common.schema.js';
import { early, type RouteDeps } from '../http/route-deps.js';
import { OverviewQuery, OverviewSchema } from './overview.schema.js';
import { capabilityOverview } from './overview.service.js';
import { CapabilitySchema, ControlChartSchema, HistogramSchema, SummarySchema } from './statistics.schema.js';
import { createStatisticsService } from './statistics.service.js';
import {
  ControlChartQuery,
  HistogramQuery,
  RecipeScopeQuery,
  SubtaskOptionSchema,
  SubtaskOptionsQuery,
  SubtaskScopeQuery,
} from './statistics-query.schema.js';

const FILTERS_NOTE =
  'Filters: version_id, date_from, date_to (ISO 8601; a date-only date_to includes that day), operator_id, ' +
  'lot_number, serial_number. Conventions (Minitab / qcc for individual values): docs/statistics.md.';

/** GET /api/statistics/* (Metrologist). */
export function registerStatisticsRoutes(app: App, { guards, database }: RouteDeps): void {
  const statistics = createStatisticsService(database);
  const tags = ['statistics'];
  const metrologist = { onRequest: early(guards.role('Metrologist')) };
  const errors = errorResponses(401, 403, 404, 422);

  app.get(
    '/api/statistics/summary',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Pass / warning / fail counts and percentages (Metrologist)',
        description: `Counts of the stored verdicts; percentages rounded to 2 decimals, halves up. ${FILTERS_NOTE}`,
        querystring: RecipeScopeQuery,
        response: { 200: SummarySchema, ...errors },
      },
    },
    (request) => statistics.summary(request.query),
  );

  app.get(
    '/api/statistics/capability',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Process capability of one subtask: Cp, Cpk (within), Pp, Ppk (overall) (Metrologist)',
        description: `Undefined indices (n < 2, zero spread, one-sided tolerance) are null. ${FILTERS_NOTE}`,
        querystring: SubtaskScopeQuery,
        response: { 200: CapabilitySchema, ...errors },
      },
    },
    (request) => statistics.capability(request.query),
  );

  app.get(
    '/api/statistics/control-chart',
    {
      ...metrologist,
      schema: {
        tags,
        summary:
          'Individuals and moving-range chart of one subtask, points in time order; X̄-R and X̄-S on request (Metrologist)',
        description:
          'I chart: centre = mean, UCL/LCL = mean ± 3·MR̄/1.128; `moving_range`: MR̄, UCL = 3.2673·MR̄, LCL 0. ' +
          '`rules` selects the rule set (default Nelson rule 1; "1,2,5", "all"/"nelson", or "western_electric"); ' +
          'violations are listed per rule and per point with Nelson rule numbers. `subgroup_size` (2–25) adds ' +
          '`subgroups`: X̄-R (σ = R̄/d2) and X̄-S (σ = S̄/c4) charts of consecutive subgroups. ' +
          FILTERS_NOTE,
        querystring: ControlChartQuery,
        response: { 200: ControlChartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const chunks = await statistics.controlChart(request.query);
      // Streamed: a million points are written from typed arrays, never built as objects.
      return reply
        .type('application/json; charset=utf-8')
        .send(Readable.from(chunks, { objectMode: false }) as never);
    },
  );

  app.get(
    '/api/statistics/histogram',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Histogram of one subtask with the normal curve scaled to counts (Metrologist)',
        description: `\`bins\` holds the n_bins + 1 edges (numpy.histogram). ${FILTERS_NOTE}`,
        querystring: HistogramQuery,
        response: { 200: HistogramSchema, ...errors },
      },
    },
    (request) => statistics.histogram(request.query),
  );

  app.get(
    '/api/statistics/overview',
    {
      ...metrologist,
      schema: {
        tags,
        summary:
          'Capability overview: every characteristic of a recipe version with n, mean, Cpk, Ppk, rule violations and a traffic light (Metrologist)',
        description:
          'Default: the current version; `version_id` another one; `across_versions` follows each characteristic ' +
          'through every version (its marker number). Each row holds what /statistics/capability and ' +
          '/statistics/control-chart (with the same `rules`, default rule 1) give for that subtask. Light: red when ' +
          'min(Cpk, Ppk) < 1.00, yellow when < 1.33 or a point is flagged, green otherwise, none without an index. ' +
          FILTERS_NOTE,
        querystring: OverviewQuery,
        response: { 200: OverviewSchema, ...errors },
      },
    },
    (request) => capabilityOverview(database, request.query),
  );

  app.get(
    '/api/statistics/subtasks',
    {
      ...metrologist,
      schema: {
        tags,
        summary:
          "Subtasks of a recipe version to pick from (default: the recipe's current version) (Metrologist)",
        querystring: SubtaskOptionsQuery,
        response: { 200: Type.Array(SubtaskOptionSchema), ...errors },
      },
    },
    (request) => statistics.subtasks(request.query),
  );
}
