import { type Static, Type } from '@sinclair/typebox';
import { Id, Text } from '../../http/common.schema.js';

export const ExclusionCreateSchema = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 80,
      description: 'The assignable cause: one of the setting `exclusion_reasons` (GET /api/settings/)',
    }),
    note: Type.Optional({ ...Text(1000), description: 'Free text: what happened' }),
  },
  {
    additionalProperties: false,
    examples: [{ reason: 'Gauge error', note: 'Caliper jaw not closed, re-measured as #1043' }],
  },
);

/** A query rather than a body: DELETE bodies are dropped by some clients and proxies. */
export const ExclusionReinstateQuery = Type.Object(
  { note: Type.Optional({ ...Text(1000), description: 'Why the point counts again' }) },
  { additionalProperties: false },
);

export const ExclusionSchema = Type.Object(
  {
    id: Type.Integer(),
    measurement_id: Type.Integer(),
    reason: Type.String(),
    note: Type.String(),
    excluded_by: Type.Integer({ description: 'User id of the metrologist who excluded the point' }),
    excluded_at: Type.String({ format: 'date-time' }),
    reinstated_by: Type.Union([Type.Integer(), Type.Null()]),
    reinstated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    reinstate_note: Type.String(),
    active: Type.Boolean({ description: 'True while the point is out of the statistics' }),
  },
  { $id: 'Exclusion' },
);

/** An exclusion with the measurement it concerns, for the per-recipe list. */
export const ExclusionListItemSchema = Type.Object({
  ...ExclusionSchema.properties,
  subtask_id: Type.Integer(),
  version_id: Type.Integer(),
  value: Type.Number(),
  measured_at: Type.String({ format: 'date-time' }),
  serial_number: Type.String(),
  lot_number: Type.String(),
});

export const ExclusionListQuery = Type.Object(
  {
    recipe_id: Id,
    subtask_id: Type.Optional(Id),
    active: Type.Optional(
      Type.Boolean({ description: 'Only exclusions in force (true) or reinstated ones (false)' }),
    ),
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  },
  { additionalProperties: false },
);

export type ExclusionCreate = Static<typeof ExclusionCreateSchema>;
export type Exclusion = Static<typeof ExclusionSchema>;
export type ExclusionListQueryType = Static<typeof ExclusionListQuery>;
