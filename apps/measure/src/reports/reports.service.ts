/**
 * Loads everything a report shows before its first byte is sent (so a failure is a clean 500),
 * except the measurements report's rows, which stream from the same snapshot as its counts.
 */
import type { Writable } from 'node:stream';
import { unprocessable } from '@app/kit';
import type { Database } from '../db/database.js';
import type { GageStudyResult } from '../features/gage-studies/gage-studies.schema.js';
import { settingsRepository } from '../features/settings/settings.repository.js';
import type { FileStore } from '../files/file-store.js';
import { capability, controlChart, histogram, parseRuleSet, summarize, type Verdict } from '../spc/index.js';
import { openSnapshot } from '../statistics/read-snapshot.js';
import { seriesIn } from '../statistics/series-source.js';
import { statisticsRepository, toVerdictCounts } from '../statistics/statistics.repository.js';
import { limitsOf, resolveScope, resolveSubtaskScope, type Scope } from '../statistics/statistics.service.js';
import type { StatisticsFilters } from '../statistics/statistics-query.schema.js';
import type { GageReportData } from './gage-study-report.js';
import type { MeasurementGroup, MeasurementRow, MeasurementsReportData } from './measurements-report.js';
import { readCompanyLogo } from './report-logo.js';
import { isTimeZone, type ReportLocale, reportLocale } from './report-text.js';
import { nameOf, reportsRepository } from './reports.repository.js';
import type { ReportFilter, SpcReportData } from './spc-report.js';

export interface ReportContext {
  database: Database;
  /** Where the company logo is stored (the setting names its path in this store). */
  files: FileStore;
}

export class ClientGoneError extends Error {}

/** What every report query adds to the statistics filters. */
export interface ReportQuery {
  time_zone?: string | undefined;
}

async function authorName(database: Database, userId: number): Promise<string> {
  const user = await reportsRepository.user(database.db, userId).executeTakeFirst();
  return user ? nameOf(user) : `user ${userId}`;
}

/**
 * The report in the caller's language (their language_pref) and in the time zone the client sent (the
 * browser's own; UTC when none is given). An unknown zone is a 422, not a silently UTC report.
 */
async function localeOf(
  database: Database,
  callerId: number,
  timeZone: string | undefined,
): Promise<ReportLocale> {
  if (timeZone !== undefined && !isTimeZone(timeZone))
    throw unprocessable('querystring.time_zone: must be an IANA time zone such as Europe/Berlin');
  const user = await reportsRepository.user(database.db, callerId).executeTakeFirst();
  return reportLocale(user?.language_pref, timeZone ?? 'UTC');
}

async function companyLogo(context: ReportContext): Promise<Buffer | null> {
  const setting = await settingsRepository.get(context.database.db, 'company_logo_path');
  return readCompanyLogo(context.files, setting);
}

/** What the gage R&R report shows besides the computed result: logo, author, time. */
export async function loadGageReport(
  context: ReportContext,
  result: GageStudyResult,
  callerId: number,
): Promise<GageReportData> {
  return {
    logo: await companyLogo(context),
    generated_at: new Date(),
    author: await authorName(context.database, callerId),
    result,
  };
}

/** The filters as the reader should see them, in the spec's order. */
async function filterLabels(
  database: Database,
  scope: Scope,
  query: StatisticsFilters,
  withSubtask: boolean,
) {
  const labels: ReportFilter[] = [];
  if (withSubtask && scope.subtask) {
    labels.push({
      label: 'Subtask',
      value: `#${scope.subtask.marker_number} ${scope.subtask.description}`.trim(),
    });
  }
  if (query.version_id !== undefined) {
    const version = await statisticsRepository.versionOfRecipe(
      database.db,
      query.recipe_id,
      query.version_id,
    );
    labels.push({
      label: 'Version',
      value: version ? String(version.version_number) : `id ${query.version_id} (none)`,
    });
  }
  if (query.across_versions) labels.push({ label: 'Versions', value: 'all' });
  if (query.date_from !== undefined) labels.push({ label: 'From', value: query.date_from });
  if (query.date_to !== undefined) labels.push({ label: 'To', value: query.date_to });
  if (query.operator_id !== undefined)
    labels.push({ label: 'Operator', value: await authorName(database, query.operator_id) });
  if (query.lot_number !== undefined) labels.push({ label: 'Lot', value: query.lot_number });
  if (query.serial_number !== undefined) labels.push({ label: 'Serial', value: query.serial_number });
  return labels;
}

export async function loadSpcReport(
  context: ReportContext,
  query: StatisticsFilters & ReportQuery & { subtask_id: number; rules?: string | undefined; n_bins: number },
  callerId: number,
): Promise<SpcReportData> {
  const { database } = context;
  const locale = await localeOf(database, callerId, query.time_zone);
  const scope = await resolveSubtaskScope(database, query);
  const { subtask, recipe, filters } = scope;
  const snapshot = await openSnapshot(database);
  let counts: ReturnType<typeof toVerdictCounts>;
  let series: Awaited<ReturnType<typeof seriesIn>>;
  try {
    counts = toVerdictCounts(
      await snapshot.all(statisticsRepository.verdictCountsQuery(database.db, filters)),
    );
    series = await seriesIn(snapshot, database, filters, true);
  } finally {
    await snapshot.close();
  }
  return {
    logo: await companyLogo(context),
    recipe: { code: recipe.code, name: recipe.name, version: subtask.version_number },
    subtask: {
      ...limitsOf(subtask),
      marker_number: subtask.marker_number,
      description: subtask.description,
      task_title: subtask.task_title,
      unit: subtask.unit,
    },
    filters: await filterLabels(database, scope, query, false),
    generated_at: new Date(),
    author: await authorName(database, callerId),
    locale,
    capability: capability(series, limitsOf(subtask)),
    control_chart: controlChart(series, { ruleSet: parseRuleSet(query.rules ?? '1') ?? undefined }),
    points: { values: series.values, timestamps: series.timestamps },
    histogram: histogram(series, query.n_bins),
    summary: summarize(counts),
  };
}

export interface MeasurementsReportPlan {
  data: MeasurementsReportData;
  /** The rows in group order; `output` is watched so a departed client stops the read. */
  rows(output: Writable): AsyncGenerator<MeasurementRow>;
  /** Ends the snapshot (idempotent); call when rendering has finished or failed. */
  close(): Promise<void>;
}

export async function planMeasurementsReport(
  context: ReportContext,
  query: StatisticsFilters & ReportQuery,
  callerId: number,
): Promise<MeasurementsReportPlan> {
  const { database } = context;
  const locale = await localeOf(database, callerId, query.time_zone);
  const { db } = database;
  const scope = await resolveScope(database, query);
  const header = {
    logo: await companyLogo(context),
    filters: await filterLabels(database, scope, query, true),
    author: await authorName(database, callerId),
  };
  const snapshot = await openSnapshot(database);
  try {
    const counts = new Map(
      (await snapshot.all(reportsRepository.groupCounts(db, scope.filters))).map((r) => [
        r.subtask_id,
        Number(r.n),
      ]),
    );
    const subtasks = await snapshot.all(reportsRepository.subtasksOfRecipe(db, scope.recipe.id));
    const operators = new Map(
      (await snapshot.all(reportsRepository.operators(db, scope.filters))).map((u) => [u.id, nameOf(u)]),
    );
    const groups: MeasurementGroup[] = subtasks
      .filter((s) => (counts.get(s.id) ?? 0) > 0)
      .map((s) => ({
        subtask_id: s.id,
        task_order: s.task_order,
        task_title: s.task_title,
        marker_number: s.marker_number,
        description: s.description,
        nominal: s.nominal,
        ltl: s.ltl,
        lwl: s.lwl,
        uwl: s.uwl,
        utl: s.utl,
        unit: s.unit,
        count: counts.get(s.id) ?? 0,
      }));
    const versions = new Set(subtasks.filter((s) => counts.has(s.id)).map((s) => s.version_number));
    const version = versions.size === 1 ? ([...versions][0] as number) : null;
    async function* rows(output: Writable): AsyncGenerator<MeasurementRow> {
      for (const group of groups) {
        for await (const batch of snapshot.stream(
          reportsRepository.groupRows(db, scope.filters, group.subtask_id),
        )) {
          for (const r of batch) {
            if (output.destroyed) throw new ClientGoneError('the client closed the connection');
            yield {
              subtask_id: r.subtask_id,
              measured_at: r.measured_at,
              value: r.value,
              deviation: r.deviation,
              pass_fail: r.pass_fail as Verdict,
              operator: operators.get(r.measured_by) ?? `user ${r.measured_by}`,
              lot_number: r.lot_number,
              serial_number: r.serial_number,
              gauge: r.gauge_code,
            };
          }
        }
      }
    }
    return {
      data: {
        ...header,
        recipe: { code: scope.recipe.code, name: scope.recipe.name, version },
        generated_at: new Date(),
        locale,
        groups,
      },
      rows,
      close: () => snapshot.close(),
    };
  } catch (error) {
    await snapshot.close();
    throw error;
  }
}
