import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../auth/auth.plugin.js';
import { ConflictSchema, errorResponses, Paged } from '../../http/common.schema.js';
import { early, type RouteDeps } from '../../http/route-deps.js';
import { settingsRepository } from '../settings/settings.repository.js';
import { exportCsv } from './measurements.csv.js';
import {
  MeasurementBatchSchema,
  MeasurementCreateSchema,
  MeasurementExportQuery,
  MeasurementListItemSchema,
  MeasurementListQuery,
  MeasurementSchema,
  SerialCheckQuery,
  SerialCheckSchema,
} from './measurements.schema.js';
import { createMeasurementsService } from './measurements.service.js';

/** A full batch of 10,000 items is about 1.5 MB of JSON. */
const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

export function registerMeasurementsRoutes(
  app: App,
  { db, dialect, guards, database, metrics }: RouteDeps,
): void {
  const measurements = createMeasurementsService(db, dialect);
  const tags = ['measurements'];
  const tec = { onRequest: early(guards.role('MeasurementTec')) };

  // The spec's paths end in a slash; the slash-less form is accepted too (hidden from the docs).
  for (const [url, hide] of [
    ['/api/measurements/', false],
    ['/api/measurements', true],
  ] as const) {
    app.post(
      url,
      {
        ...tec,
        schema: {
          hide,
          tags,
          summary: 'Record one measurement; pass_fail and deviation are computed (MeasurementTec)',
          body: MeasurementCreateSchema,
          response: { 200: MeasurementSchema, ...errorResponses(400, 401, 403, 422), 409: ConflictSchema },
        },
      },
      async (request) => {
        const rows = await measurements.record([request.body], callerOf(request).id, () => 'body');
        metrics?.ingested(rows);
        return rows[0];
      },
    );

    app.get(
      url,
      {
        onRequest: early(guards.role('Metrologist')),
        schema: {
          hide,
          tags,
          summary: 'Paged, filtered list of measurements, newest first (Metrologist)',
          querystring: MeasurementListQuery,
          response: { 200: Paged(MeasurementListItemSchema), ...errorResponses(401, 403, 422) },
        },
      },
      (request) => {
        const { page, per_page, ...filters } = request.query;
        return measurements.list(filters, page, per_page);
      },
    );
  }

  app.post(
    '/api/measurements/batch',
    {
      ...tec,
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Record up to 10,000 measurements in one transaction: one invalid item stores nothing (MeasurementTec)',
        description:
          'With `batch_id` the call is idempotent: retry it with the same id until it answers, and the ' +
          'measurements are stored exactly once.',
        body: MeasurementBatchSchema,
        response: {
          200: {
            ...Type.Array(MeasurementSchema),
            description: 'The stored measurements (also when a batch_id was already stored)',
            headers: {
              // @fastify/swagger wraps this schema into the header object's `schema` itself.
              'idempotent-replayed': {
                type: 'string',
                description: '"true" when the batch_id was already stored and nothing new was recorded',
              },
            },
          },
          ...errorResponses(400, 401, 403, 413, 422),
          409: ConflictSchema,
        },
      },
    },
    async (request, reply) => {
      const { measurements: items, batch_id } = request.body;
      const result = await measurements.recordBatch(items, callerOf(request).id, batch_id);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      else metrics?.ingested(result.measurements);
      return result.measurements;
    },
  );

  app.get(
    '/api/measurements/serial-check',
    {
      onRequest: early(guards.role('MeasurementTec', 'Metrologist')),
      schema: {
        tags,
        summary: 'Whether a part (recipe, lot, serial) was measured already (MeasurementTec or Metrologist)',
        description:
          'The station asks before a part is measured, so a serial number typed twice in one lot is noticed ' +
          'before the second set of values is taken. Only counts; no values are answered.',
        querystring: SerialCheckQuery,
        response: { 200: SerialCheckSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => measurements.partSummary(request.query),
  );

  app.get(
    '/api/measurements/export/csv',
    {
      onRequest: early(guards.role('MeasurementTec', 'Metrologist')),
      schema: {
        tags,
        summary: 'Streamed CSV export with the list filters (MeasurementTec or Metrologist)',
        description:
          'Columns: id, subtask_id, version_id, measured_by, value, pass_fail, deviation, lot_number, serial_number, ' +
          'input_method, measured_at, synced_to_csv, taken_at, gauge_code (the code of the gauge that took the ' +
          'value; taken_at and gauge_code are empty when the client sent none). Delimiter and decimal separator come from the settings ' +
          'csv_delimiter and csv_decimal_separator; quoting per RFC 4180. Text cells (lot_number, serial_number, ' +
          "input_method, gauge_code) that start with =, +, -, @, tab or CR get a leading ' so spreadsheets show them as text.",
        querystring: MeasurementExportQuery,
        produces: ['text/csv'],
        response: {
          200: { description: 'CSV text', content: { 'text/csv': { schema: Type.String() } } },
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      metrics?.exporting('csv', reply);
      const settings = await settingsRepository.all(db);
      const stream = exportCsv(database, await measurements.filtersOf(request.query), {
        delimiter: settings.csv_delimiter || ',',
        decimalSeparator: settings.csv_decimal_separator || '.',
      });
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="measurements.csv"')
          // The typed reply expects the documented string body; a stream of that text is what Fastify sends.
          .send(stream as unknown as string)
      );
    },
  );
}
