/**
 * The capability overview: every characteristic (subtask) of a recipe version with n, mean, Cpk, Ppk, the
 * rule violations of its individuals chart and a traffic light — the same numbers /statistics/capability and
 * /statistics/control-chart give for each one (same scope resolution, same series, excluded points left
 * out), read in one snapshot so the rows are consistent with each other.
 */
import { notFound } from '@app/kit';
import type { Database } from '../db/database.js';
import { capability, capabilityLight, controlChart, NELSON, parseRuleSet } from '../spc/index.js';
import type { OverviewQueryType, OverviewResponse } from './overview.schema.js';
import { openSnapshot } from './read-snapshot.js';
import { seriesIn } from './series-source.js';
import { statisticsRepository } from './statistics.repository.js';
import { limitsOf, resolveSubtaskScope } from './statistics.service.js';

export async function capabilityOverview(
  database: Database,
  query: OverviewQueryType,
): Promise<OverviewResponse> {
  const { db } = database;
  // The schema's pattern already refused malformed text, so this parses (the chart's default: rule 1).
  const ruleSet = parseRuleSet(query.rules ?? '1') ?? NELSON;
  const recipe = await statisticsRepository.recipe(db, query.recipe_id);
  if (!recipe) throw notFound(`Recipe ${query.recipe_id} not found`);
  let version = { id: recipe.current_version_id, version_number: recipe.current_version_number };
  if (query.version_id !== undefined) {
    const chosen = await statisticsRepository.versionOfRecipe(db, query.recipe_id, query.version_id);
    if (!chosen) throw notFound(`Version ${query.version_id} not found in recipe ${query.recipe_id}`);
    version = chosen;
  }
  if (version.id === null || version.version_number === null) throw notFound('The recipe has no version');
  const options = await statisticsRepository.subtaskOptions(db, version.id);
  // Each characteristic's scope as its own statistics would resolve it (422s for contradicting filters too).
  const scopes = [];
  for (const option of options) {
    scopes.push(await resolveSubtaskScope(database, { ...query, subtask_id: option.id }));
  }
  const snapshot = await openSnapshot(database);
  try {
    const characteristics = [];
    for (const [i, option] of options.entries()) {
      const scope = scopes[i] as (typeof scopes)[number];
      const series = await seriesIn(snapshot, database, scope.filters, false);
      const cap = capability(series, limitsOf(scope.subtask));
      const chart = controlChart(series, { ruleSet });
      const violations = chart.out_of_control_indices.length;
      characteristics.push({
        subtask_id: option.id,
        marker_number: option.marker_number,
        task_title: option.task_title,
        description: option.description,
        unit: option.unit,
        nominal: option.nominal,
        ltl: option.ltl,
        utl: option.utl,
        n: cap.n,
        mean: cap.mean,
        cpk: cap.cpk,
        ppk: cap.ppk,
        violations,
        light: capabilityLight(cap.cpk, cap.ppk, violations),
      });
    }
    return {
      recipe_id: recipe.id,
      version_id: version.id,
      version_number: version.version_number,
      rules: ruleSet.rules,
      rule_set: ruleSet.preset,
      characteristics,
    };
  } finally {
    await snapshot.close();
  }
}
