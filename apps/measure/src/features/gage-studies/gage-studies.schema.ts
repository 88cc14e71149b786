import { type Static, Type } from '@sinclair/typebox';
import { Id, Text } from '../../http/common.schema.js';

/** Bounds keep a study something people can measure in a shift and the ANOVA meaningful. */
export const STUDY_LIMITS = { parts: [2, 30], operators: [2, 10], trials: [2, 10] } as const;

export const GageStudyCreateSchema = Type.Object(
  {
    subtask_id: { ...Id, description: 'The characteristic studied (a subtask of the current version)' },
    name: Type.Optional({ ...Text(200), description: 'Defaults to "Gage R&R <marker> <date>"' }),
    parts: Type.Integer({ minimum: STUDY_LIMITS.parts[0], maximum: STUDY_LIMITS.parts[1] }),
    trials: Type.Integer({ minimum: STUDY_LIMITS.trials[0], maximum: STUDY_LIMITS.trials[1] }),
    operator_ids: Type.Array(Id, {
      minItems: STUDY_LIMITS.operators[0],
      maxItems: STUDY_LIMITS.operators[1],
      uniqueItems: true,
      description: 'Users holding the MeasurementTec role, in the order their columns appear',
    }),
    seed: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2_147_483_647,
        description: 'Seed of the randomised run order; random when absent. Stored with the study.',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ subtask_id: 12, parts: 10, trials: 3, operator_ids: [4, 5, 6] }],
  },
);

const StudyOperatorSchema = Type.Object({
  position: Type.Integer({ description: '1-based column of the operator in the study' }),
  user_id: Type.Integer(),
  username: Type.String(),
  display_name: Type.String(),
  recorded: Type.Integer({ description: 'Readings this operator has recorded' }),
  total: Type.Integer(),
});

export const GageStudySchema = Type.Object(
  {
    id: Type.Integer(),
    recipe_id: Type.Integer(),
    recipe_code: Type.String(),
    subtask_id: Type.Integer(),
    marker_number: Type.Integer(),
    characteristic: Type.String({ description: "The subtask's description" }),
    unit: Type.String(),
    name: Type.String(),
    parts: Type.Integer(),
    trials: Type.Integer(),
    seed: Type.Integer(),
    tolerance: Type.Union([Type.Number(), Type.Null()], { description: 'USL − LSL when defined' }),
    created_by: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    complete: Type.Boolean({ description: 'Every planned reading is recorded' }),
    operators: Type.Array(StudyOperatorSchema),
  },
  { $id: 'GageStudy' },
);

export const OperatorCandidateSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  display_name: Type.String(),
});

export const GageStudyListQuery = Type.Object(
  { recipe_id: Type.Optional(Id), subtask_id: Type.Optional(Id) },
  { additionalProperties: false },
);

const PlannedReadingSchema = Type.Object({
  sequence: Type.Integer(),
  part: Type.Integer({ description: '1-based part number' }),
  trial: Type.Integer({ description: '1-based trial number' }),
});

export const NextReadingSchema = Type.Object({
  study: GageStudySchema,
  recorded: Type.Integer(),
  total: Type.Integer(),
  next: Type.Union([PlannedReadingSchema, Type.Null()], { description: 'null when the caller is done' }),
});

export const AssignedStudySchema = Type.Object({
  study: GageStudySchema,
  recorded: Type.Integer(),
  total: Type.Integer(),
});

export const RecordReadingSchema = Type.Object(
  {
    sequence: Type.Integer({ minimum: 1, maximum: 10_000, description: 'The sequence the station showed' }),
    value: Type.Number({ minimum: -1e9, maximum: 1e9 }),
  },
  { additionalProperties: false, examples: [{ sequence: 1, value: 12.034 }] },
);

export const RecordedReadingSchema = Type.Object({
  ...PlannedReadingSchema.properties,
  value: Type.Number(),
  recorded_at: Type.String({ format: 'date-time' }),
});

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const AnovaRowSchema = Type.Object({
  df: Type.Integer(),
  ss: Type.Number(),
  ms: Type.Number(),
  f: NullableNumber,
  p: NullableNumber,
});
const ErrorRowSchema = Type.Object({ df: Type.Integer(), ss: Type.Number(), ms: Type.Number() });
const AnovaTableSchema = Type.Object({
  part: AnovaRowSchema,
  operator: AnovaRowSchema,
  interaction: Type.Union([AnovaRowSchema, Type.Null()]),
  repeatability: ErrorRowSchema,
  total: Type.Object({ df: Type.Integer(), ss: Type.Number() }),
});
const Verdict = Type.Union([
  Type.Literal('acceptable'),
  Type.Literal('conditionally_acceptable'),
  Type.Literal('unacceptable'),
  Type.Null(),
]);

export const GageStudyResultSchema = Type.Object(
  {
    study: GageStudySchema,
    anova: Type.Object({
      with_interaction: AnovaTableSchema,
      without_interaction: Type.Union([AnovaTableSchema, Type.Null()]),
      interaction_pooled: Type.Boolean({ description: 'Interaction p-value above 0.25 (AIAG)' }),
    }),
    components: Type.Array(
      Type.Object({
        source: Type.String({
          description: 'gage_rr, repeatability, reproducibility, operator, operator_part, part, total',
        }),
        variance: Type.Number(),
        std_dev: Type.Number(),
        study_variation: Type.Number({ description: '6 × std_dev' }),
        percent_contribution: NullableNumber,
        percent_study_variation: NullableNumber,
        percent_tolerance: NullableNumber,
      }),
    ),
    ev: Type.Number(),
    av: Type.Number(),
    int: Type.Number(),
    grr: Type.Number(),
    pv: Type.Number(),
    tv: Type.Number(),
    ndc: Type.Union([Type.Integer(), Type.Null()]),
    verdict: Type.Object({ study_variation: Verdict, tolerance: Verdict }),
  },
  { $id: 'GageStudyResult' },
);

export type GageStudyCreate = Static<typeof GageStudyCreateSchema>;
export type GageStudy = Static<typeof GageStudySchema>;
export type GageStudyResult = Static<typeof GageStudyResultSchema>;
export type RecordedReading = Static<typeof RecordedReadingSchema>;
