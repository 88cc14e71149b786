import { type Registry, RequestMetrics } from '@app/kit';
import type { FastifyReply } from 'fastify';
import { Counter, Histogram } from 'prom-client';

/** Input methods the clients send (the web client's burst detector: manual or usb_caliper); others fold. */
const INPUT_METHODS = new Set(['manual', 'usb_caliper']);
/** Seconds: an export or report of a large recipe streams for many. */
const DOCUMENT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export type MeasurementResult = 'pass' | 'warning' | 'fail';
export type ExportFormat = 'csv';
export type ReportKind = 'spc' | 'measurements' | 'gage_study';
export type RateLimitName = 'general' | 'login' | 'login-user';

/**
 * The measurement service's Prometheus series (docs/operations.md lists them). Labels are fixed sets:
 * results, input methods (unknown ones count as `other`), document kinds and limit names; never a user,
 * recipe, lot or path a caller sent.
 */
export class MeasureMetrics {
  readonly requests: RequestMetrics;
  readonly #ingested: Counter<'result' | 'input_method'>;
  readonly #exports: Counter<'format'>;
  readonly #exportSeconds: Histogram<'format'>;
  readonly #reports: Counter<'report'>;
  readonly #reportSeconds: Histogram<'report'>;
  readonly #loginFailures: Counter;
  readonly #rateLimited: Counter<'limit'>;

  constructor(readonly registry: Registry) {
    const registers = [registry];
    this.requests = new RequestMetrics(registry, 'measure');
    this.#ingested = new Counter({
      name: 'measure_measurements_ingested_total',
      help: 'Measurements stored, by tolerance result and input method (manual, usb_caliper, other)',
      labelNames: ['result', 'input_method'],
      registers,
    });
    this.#exports = new Counter({
      name: 'measure_exports_total',
      help: 'Exports sent whole, by format',
      labelNames: ['format'],
      registers,
    });
    this.#exportSeconds = new Histogram({
      name: 'measure_export_duration_seconds',
      help: 'Time from an export request to its last byte sent',
      labelNames: ['format'],
      buckets: DOCUMENT_BUCKETS,
      registers,
    });
    this.#reports = new Counter({
      name: 'measure_reports_total',
      help: 'PDF reports sent whole, by report',
      labelNames: ['report'],
      registers,
    });
    this.#reportSeconds = new Histogram({
      name: 'measure_report_duration_seconds',
      help: 'Time from a report request to its last byte sent',
      labelNames: ['report'],
      buckets: DOCUMENT_BUCKETS,
      registers,
    });
    this.#loginFailures = new Counter({
      name: 'measure_login_failures_total',
      help: 'Login attempts refused for a wrong username or password, or an inactive user',
      registers,
    });
    this.#rateLimited = new Counter({
      name: 'measure_rate_limited_total',
      help: 'Requests refused with 429 by the rate limits: general, login (per IP), login-user (per username)',
      labelNames: ['limit'],
      registers,
    });
  }

  ingested(items: readonly { pass_fail: MeasurementResult; input_method: string }[]): void {
    for (const { pass_fail, input_method } of items)
      this.#ingested.inc({
        result: pass_fail,
        input_method: INPUT_METHODS.has(input_method) ? input_method : 'other',
      });
  }

  /** Times an export from now until its response is sent whole; one cut short is not counted. */
  exporting(format: ExportFormat, reply: FastifyReply): void {
    whenSent(reply, (seconds) => {
      this.#exports.inc({ format });
      this.#exportSeconds.observe({ format }, seconds);
    });
  }

  /** Times a report from now until its response is sent whole. */
  reporting(report: ReportKind, reply: FastifyReply): void {
    whenSent(reply, (seconds) => {
      this.#reports.inc({ report });
      this.#reportSeconds.observe({ report }, seconds);
    });
  }

  loginFailed(): void {
    this.#loginFailures.inc();
  }

  rateLimited(limit: RateLimitName): void {
    this.#rateLimited.inc({ limit });
  }
}

/** Calls `sent` with the seconds since now once the response is written whole and answered 200. */
function whenSent(reply: FastifyReply, sent: (seconds: number) => void): void {
  const started = performance.now();
  reply.raw.once('finish', () => {
    if (reply.statusCode === 200) sent((performance.now() - started) / 1000);
  });
}
