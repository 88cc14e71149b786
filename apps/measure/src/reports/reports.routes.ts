import { PassThrough, Readable } from 'node:stream';
import type { App } from '@app/kit';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../auth/auth.plugin.js';
import { createGageStudiesService } from '../features/gage-studies/gage-studies.service.js';
import type { FileStore } from '../files/file-store.js';
import { errorResponses, Id } from '../http/common.schema.js';
import { early, type RouteDeps } from '../http/route-deps.js';
import { MeasurementsReportQuery, SpcReportQuery } from '../statistics/statistics-query.schema.js';
import {
  contentDisposition,
  gageReportName,
  measurementsReportName,
  spcReportName,
} from './content-disposition.js';
import { ClientGoneError, loadGageReport, loadSpcReport, planMeasurementsReport } from './reports.service.js';

/**
 * pdfkit (with its fonts) and sharp cost some 40 MiB of resident memory: loaded on the first report, not at
 * start, so a service that never renders a report does not carry them.
 */
const renderers = async () => {
  const [spc, measurements, gage] = await Promise.all([
    import('./spc-report.js'),
    import('./measurements-report.js'),
    import('./gage-study-report.js'),
  ]);
  return {
    renderSpcReport: spc.renderSpcReport,
    renderGageStudyReport: gage.renderGageStudyReport,
    renderMeasurementsReport: measurements.renderMeasurementsReport,
  };
};

const PDF = {
  description: 'PDF document (attachment)',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};
const ERRORS = {
  ...errorResponses(401, 403, 404, 422),
  500: { description: 'Report generation failed', ...errorResponses(500)[500] },
};

/** Collects a rendering completely, so an SPC report that fails is a 500, never a cut-off 200. */
async function renderToBuffer(render: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await render(out);
  return Buffer.concat(chunks);
}

/** GET /api/reports/* (Metrologist): PDFs named after the recipe (and subtask). */
export function registerReportsRoutes(
  app: App,
  { guards, database, metrics }: RouteDeps,
  files: FileStore,
): void {
  const context = { database, files };
  const tags = ['reports'];
  const metrologist = { onRequest: early(guards.role('Metrologist')) };

  app.get(
    '/api/reports/spc',
    {
      ...metrologist,
      schema: {
        tags,
        summary:
          'SPC report of one subtask as PDF: capability, individuals chart, histogram, summary (Metrologist)',
        description:
          'Same selection as /statistics/capability; optional `rules` (Nelson rules for the chart) and `n_bins`. ' +
          "In the caller's language (language_pref: en, de); time stamps in `time_zone` (default UTC). " +
          'Content-Disposition: SPC_<recipe code>_<marker>.pdf (ASCII fallback and RFC 5987 UTF-8 name).',
        querystring: SpcReportQuery,
        produces: ['application/pdf'],
        response: { 200: PDF, ...ERRORS },
      },
    },
    async (request, reply) => {
      metrics?.reporting('spc', reply);
      const data = await loadSpcReport(context, request.query, callerOf(request).id);
      // A few pages of vectors: built whole (pdfkit buffers them for the page footers anyway).
      const { renderSpcReport } = await renderers();
      const pdf = await renderToBuffer((out) => renderSpcReport(data, out));
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(spcReportName(data.recipe.code, data.subtask.marker_number)),
        )
        .send(pdf);
    },
  );

  const gageStudies = createGageStudiesService(database.db);
  app.get(
    '/api/reports/gage-study',
    {
      ...metrologist,
      schema: {
        tags,
        summary:
          'Gage R&R study report as PDF: ANOVA tables, variance components, ndc, verdict (Metrologist)',
        description:
          'The figures of GET /gage-studies/{study_id}/result; 409 while readings are missing. ' +
          'Content-Disposition: GageRR_<recipe code>_<marker>_<study id>.pdf.',
        querystring: Type.Object({ study_id: Id }, { additionalProperties: false }),
        produces: ['application/pdf'],
        response: { 200: PDF, ...ERRORS, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      metrics?.reporting('gage_study', reply);
      const result = await gageStudies.result(request.query.study_id);
      const data = await loadGageReport(context, result, callerOf(request).id);
      const { renderGageStudyReport } = await renderers();
      const pdf = await renderToBuffer((out) => renderGageStudyReport(data, out));
      const { study } = result;
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(gageReportName(study.recipe_code, study.marker_number, study.id)),
        )
        .send(pdf);
    },
  );

  app.get(
    '/api/reports/measurements',
    {
      ...metrologist,
      schema: {
        tags,
        summary: 'Measurements report as PDF: every measurement grouped by task and subtask (Metrologist)',
        description:
          'Filters as /statistics/summary (subtask_id optional). Streamed page by page from the database. ' +
          "In the caller's language (language_pref: en, de); time stamps in `time_zone` (default UTC). " +
          'Content-Disposition: Measurements_<recipe code>.pdf.',
        querystring: MeasurementsReportQuery,
        produces: ['application/pdf'],
        response: { 200: PDF, ...ERRORS },
      },
    },
    async (request, reply) => {
      metrics?.reporting('measurements', reply);
      const plan = await planMeasurementsReport(context, request.query, callerOf(request).id);
      const out = new PassThrough();
      // A client that leaves destroys `out` without an error, which would leave the renderer waiting for
      // 'drain' forever with the snapshot open; turn it into an error the renderer sees.
      out.on('error', () => undefined);
      out.once('close', () => {
        if (!out.writableFinished) out.emit('error', new ClientGoneError('the client closed the connection'));
      });
      const { renderMeasurementsReport } = await renderers();
      const rendering = renderMeasurementsReport(plan.data, plan.rows(out), out).finally(() => plan.close());
      // Nothing is sent until the first block is rendered: a failure up to there is a clean 500.
      const first = await new Promise<Buffer | null>((resolve, reject) => {
        out.once('data', (chunk: Buffer) => {
          out.pause();
          resolve(chunk);
        });
        out.once('end', () => resolve(null));
        rendering.catch(reject);
      });
      rendering.catch((error: unknown) => {
        // After the first byte the only honest signal left is an aborted response (no complete 200).
        if (!(error instanceof ClientGoneError))
          request.log.error({ err: error }, 'measurements report failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      async function* body() {
        if (first) yield first;
        for await (const chunk of out) yield chunk as Buffer;
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(measurementsReportName(plan.data.recipe.code)))
        .send(Readable.from(body()) as never);
    },
  );
}
