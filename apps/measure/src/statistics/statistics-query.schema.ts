/**
 * Query strings of /statistics/* and /reports/*: the spec's common filters, with the parameters
 * each endpoint requires marked required (a missing one is a 422 naming it).
 */
import { type Static, type TProperties, Type } from '@sinclair/typebox';
import { Id } from '../http/common.schema.js';
import { NBinsQuery, RulesQuery, SubgroupSizeQuery } from './statistics.schema.js';

const DateText = (description: string) => Type.String({ minLength: 1, maxLength: 40, description });

/** The common filters besides recipe_id and subtask_id (also those of /statistics/overview). */
export const FILTERS = {
  version_id: Type.Optional(Id),
  date_from: Type.Optional(DateText('ISO 8601 date or date-time, inclusive')),
  date_to: Type.Optional(DateText('ISO 8601 date (whole day included) or date-time, inclusive')),
  operator_id: Type.Optional({ ...Id, description: 'user id of the operator who measured' }),
  lot_number: Type.Optional(Type.String({ maxLength: 100 })),
  serial_number: Type.Optional(Type.String({ maxLength: 100 })),
  across_versions: Type.Optional(
    Type.Boolean({
      description:
        "with subtask_id: the characteristic in every version of the recipe (the subtasks with the subtask's " +
        'marker number), oldest version first; the capability keeps the given subtask’s limits',
    }),
  ),
};

const query = <T extends TProperties>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

/** recipe_id required, subtask_id optional: /statistics/summary, /reports/measurements. */
export const RecipeScopeQuery = query({ recipe_id: Id, subtask_id: Type.Optional(Id), ...FILTERS });
/** recipe_id and subtask_id required: /statistics/capability, /reports/spc. */
export const SubtaskScopeQuery = query({ recipe_id: Id, subtask_id: Id, ...FILTERS });
export const ControlChartQuery = query({
  recipe_id: Id,
  subtask_id: Id,
  ...FILTERS,
  rules: Type.Optional(RulesQuery),
  subgroup_size: Type.Optional(SubgroupSizeQuery),
});
export const HistogramQuery = query({ recipe_id: Id, subtask_id: Id, ...FILTERS, n_bins: NBinsQuery });
export const SubtaskOptionsQuery = query({ recipe_id: Id, version_id: Type.Optional(Id) });

export type StatisticsFilters = Static<typeof RecipeScopeQuery>;

export const SubtaskOptionSchema = Type.Object(
  {
    id: Type.Integer(),
    marker_number: Type.Integer(),
    description: Type.String(),
    task_title: Type.String(),
    nominal: Type.Number(),
    utl: Type.Number(),
    ltl: Type.Number(),
    uwl: Type.Number(),
    lwl: Type.Number(),
    unit: Type.String(),
    task_id: Type.Integer(),
    version_id: Type.Integer(),
  },
  { $id: 'SubtaskOption' },
);

/** /reports/spc: the capability selection plus the chart's rules and the histogram's bins. */
/** What the reports add: the zone their time stamps are written in (the language is the caller's setting). */
const REPORT = {
  time_zone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'IANA time zone for the time stamps, e.g. Europe/Berlin (default UTC)',
    }),
  ),
};
export const MeasurementsReportQuery = query({
  recipe_id: Id,
  subtask_id: Type.Optional(Id),
  ...FILTERS,
  ...REPORT,
});
export const SpcReportQuery = query({
  recipe_id: Id,
  subtask_id: Id,
  ...FILTERS,
  ...REPORT,
  rules: Type.Optional(RulesQuery),
  n_bins: NBinsQuery,
});
