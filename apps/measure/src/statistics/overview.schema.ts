/** Wire schemas of GET /statistics/overview: every characteristic of a recipe version at a glance. */
import { type Static, Type } from '@sinclair/typebox';
import { Id } from '../http/common.schema.js';
import { RulesQuery } from './statistics.schema.js';
import { FILTERS } from './statistics-query.schema.js';

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

export const OverviewQuery = Type.Object(
  { recipe_id: Id, ...FILTERS, rules: Type.Optional(RulesQuery) },
  { additionalProperties: false },
);

export const OverviewRowSchema = Type.Object({
  subtask_id: Type.Integer(),
  marker_number: Type.Integer(),
  task_title: Type.String(),
  description: Type.String(),
  unit: Type.String(),
  nominal: Type.Number(),
  ltl: Type.Number(),
  utl: Type.Number(),
  n: Type.Integer({ minimum: 0, description: 'values in the statistics (excluded points left out)' }),
  mean: NullableNumber,
  cpk: NullableNumber,
  ppk: NullableNumber,
  violations: Type.Integer({
    minimum: 0,
    description: 'points of the individuals chart flagged by at least one rule of the rule set',
  }),
  light: Type.Union(
    [Type.Literal('green'), Type.Literal('yellow'), Type.Literal('red'), Type.Literal('none')],
    {
      description:
        'red: min(Cpk, Ppk) < 1.00; yellow: < 1.33 or a rule violation; green otherwise; none: no index (n < 2 or no spread)',
    },
  ),
});

export const OverviewSchema = Type.Object(
  {
    recipe_id: Type.Integer(),
    version_id: Type.Integer({ description: 'the version whose characteristics are listed' }),
    version_number: Type.Integer(),
    rules: Type.Array(Type.Integer({ minimum: 1, maximum: 8 })),
    rule_set: Type.Union([Type.Literal('nelson'), Type.Literal('western_electric'), Type.Literal('custom')]),
    characteristics: Type.Array(OverviewRowSchema),
  },
  { $id: 'CapabilityOverview' },
);

export type OverviewQueryType = Static<typeof OverviewQuery>;
export type OverviewResponse = Static<typeof OverviewSchema>;
