/**
 * Statistics of a selection: the recipe and subtask are checked first (404), the filters are
 * validated while the query is built (422), then the numbers are computed by ../spc from a
 * streamed series, or by SQL where that is exact (the summary's counts).
 */
import { notFound, unprocessable } from '@app/kit';
import type { Database } from '../db/database.js';
import type { MeasurementFilters } from '../features/measurements/measurements.schema.js';
import {
  type Capability,
  capability,
  controlChart,
  controlChartJsonChunks,
  type Histogram,
  histogram,
  parseRuleSet,
  type Summary,
  summarize,
} from '../spc/index.js';
import { commentedPoints, excludedPoints } from './excluded-points.js';
import { openSnapshot } from './read-snapshot.js';
import { loadSeries, seriesIn } from './series-source.js';
import { statisticsRepository, toMeasurementFilters } from './statistics.repository.js';
import type { StatisticsFilters } from './statistics-query.schema.js';

type SubtaskRow = NonNullable<Awaited<ReturnType<typeof statisticsRepository.subtaskOfRecipe>>>;
type RecipeRow = NonNullable<Awaited<ReturnType<typeof statisticsRepository.recipe>>>;
/** A version's subtask of the selected characteristic, with its limits in that version. */
export type LineageRow = Awaited<ReturnType<typeof statisticsRepository.lineage>>[number];

export interface Scope {
  recipe: RecipeRow;
  subtask: SubtaskRow | undefined;
  filters: MeasurementFilters;
  /**
   * The subtasks whose points the selection holds, in series order: the selected subtask alone, or with
   * `across_versions` the characteristic in every version, oldest first (filters.subtask_ids).
   */
  lineage: LineageRow[];
}

export interface SubtaskScope extends Scope {
  subtask: SubtaskRow;
}

/** 404 for an unknown recipe, or a subtask that does not exist or belongs to another recipe. */
export async function resolveScope(database: Database, query: StatisticsFilters): Promise<Scope> {
  checkAcrossVersions(query);
  const filters = toMeasurementFilters(query);
  // Builds the query once so a malformed date is a 422 before any lookup.
  statisticsRepository.seriesQuery(database.db, filters);
  const recipe = await statisticsRepository.recipe(database.db, query.recipe_id);
  if (!recipe) throw notFound(`Recipe ${query.recipe_id} not found`);
  let subtask: SubtaskRow | undefined;
  if (query.subtask_id !== undefined) {
    subtask = await statisticsRepository.subtaskOfRecipe(database.db, query.recipe_id, query.subtask_id);
    if (!subtask) throw notFound(`Subtask ${query.subtask_id} not found in recipe ${query.recipe_id}`);
  }
  if (!query.across_versions || !subtask) {
    const lineage = subtask
      ? [
          {
            ...limitsOf(subtask),
            subtask_id: subtask.id,
            version_id: subtask.version_id,
            version_number: subtask.version_number,
          },
        ]
      : [];
    return { recipe, subtask, filters, lineage };
  }
  const lineage = await statisticsRepository.lineage(database.db, query.recipe_id, subtask.marker_number);
  const { subtask_id: _one, ...rest } = filters;
  return {
    recipe,
    subtask,
    filters: { ...rest, subtask_ids: lineage.map((row) => row.subtask_id) },
    lineage,
  };
}

/** 422 for `across_versions` where it means nothing or contradicts another filter (statistics and the list). */
export function checkAcrossVersions(
  query: Pick<StatisticsFilters, 'across_versions' | 'subtask_id' | 'version_id'>,
): void {
  if (!query.across_versions) return;
  if (query.subtask_id === undefined)
    throw unprocessable('querystring.across_versions: needs subtask_id (the characteristic to follow)');
  if (query.version_id !== undefined)
    throw unprocessable('querystring.across_versions: cannot be combined with version_id');
}

export async function resolveSubtaskScope(
  database: Database,
  query: StatisticsFilters & { subtask_id: number },
): Promise<SubtaskScope> {
  return (await resolveScope(database, query)) as SubtaskScope;
}

export const limitsOf = (subtask: SubtaskRow) => ({
  nominal: subtask.nominal,
  ltl: subtask.ltl,
  lwl: subtask.lwl,
  uwl: subtask.uwl,
  utl: subtask.utl,
});

export function createStatisticsService(database: Database) {
  const { db } = database;
  return {
    async summary(query: StatisticsFilters): Promise<Summary> {
      const { filters } = await resolveScope(database, query);
      return summarize(await statisticsRepository.verdictCounts(db, filters));
    },

    async capability(query: StatisticsFilters & { subtask_id: number }): Promise<Capability> {
      const { subtask, filters } = await resolveSubtaskScope(database, query);
      return capability(await loadSeries(database, filters, false), limitsOf(subtask));
    },

    /** The chart as chunks of JSON bytes (points written straight from the series' typed arrays). */
    async controlChart(
      query: StatisticsFilters & {
        subtask_id: number;
        rules?: string | undefined;
        subgroup_size?: number | undefined;
      },
    ): Promise<Iterable<Uint8Array>> {
      // The schema's pattern already refused malformed text; parseRuleSet is the one definition.
      const ruleSet = parseRuleSet(query.rules ?? '1') ?? undefined;
      const { filters, lineage } = await resolveSubtaskScope(database, query);
      // One snapshot: a point excluded meanwhile is either in the series or in `excluded`, never both.
      const snapshot = await openSnapshot(database);
      try {
        const ends: number[] = [];
        const series = await seriesIn(snapshot, database, filters, true, ends);
        const versions = lineage.map((version, i) => ({
          ...version,
          start: ends[i - 1] ?? 0,
          end: ends[i] ?? 0,
        }));
        const excluded = await excludedPoints(snapshot, database, filters, series, versions);
        const comments = await commentedPoints(snapshot, database, filters, series, versions);
        const chart = controlChart(series, { ruleSet, subgroupSize: query.subgroup_size });
        return controlChartJsonChunks({ ...chart, versions, excluded, comments }, series);
      } finally {
        await snapshot.close();
      }
    },

    async histogram(query: StatisticsFilters & { subtask_id: number; n_bins: number }): Promise<Histogram> {
      const { filters } = await resolveSubtaskScope(database, query);
      return histogram(await loadSeries(database, filters, false), query.n_bins);
    },

    /** Subtask options of a version of the recipe (default: its current version). */
    async subtasks(query: { recipe_id: number; version_id?: number | undefined }) {
      const recipe = await statisticsRepository.recipe(db, query.recipe_id);
      if (!recipe) throw notFound(`Recipe ${query.recipe_id} not found`);
      let versionId = recipe.current_version_id;
      if (query.version_id !== undefined) {
        const version = await statisticsRepository.versionOfRecipe(db, query.recipe_id, query.version_id);
        if (!version) throw notFound(`Version ${query.version_id} not found in recipe ${query.recipe_id}`);
        versionId = version.id;
      }
      return versionId === null ? [] : statisticsRepository.subtaskOptions(db, versionId);
    },
  };
}
