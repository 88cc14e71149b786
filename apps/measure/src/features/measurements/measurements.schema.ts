import { type Static, Type } from '@sinclair/typebox';
import { Id } from '../../http/common.schema.js';

export const PassFailSchema = Type.Union([
  Type.Literal('pass'),
  Type.Literal('warning'),
  Type.Literal('fail'),
]);

export const MeasurementSchema = Type.Object(
  {
    id: Type.Integer(),
    subtask_id: Type.Integer(),
    version_id: Type.Integer(),
    measured_by: Type.Integer(),
    value: Type.Number(),
    pass_fail: PassFailSchema,
    deviation: Type.Number(),
    lot_number: Type.String(),
    serial_number: Type.String(),
    input_method: Type.String(),
    measured_at: Type.String({ format: 'date-time' }),
    synced_to_csv: Type.Boolean(),
    gauge_id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The gauge that took the value (GET /api/gauges/{gauge_id}); null when none was given',
    }),
    taken_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: "The station's time of the reading; null when the client sent none (then measured_at)",
    }),
    back_entry_reason: Type.Union([Type.String(), Type.Null()], {
      description:
        'Set when the measurement was stored against a version that was no longer current (a back-entry): ' +
        'the reason given for it. Null for measurements taken on the current version',
    }),
  },
  { $id: 'Measurement' },
);
export type Measurement = Static<typeof MeasurementSchema>;

/** A row of the list page: the measurement with who took it and which point it is, so a table needs no ids. */
export const MeasurementListItemSchema = Type.Object(
  {
    ...MeasurementSchema.properties,
    operator_name: Type.String({ description: "The operator's display name (username when none is set)" }),
    marker_number: Type.Integer({ description: "The point's marker number in its recipe version" }),
    subtask_description: Type.String(),
    version_number: Type.Integer({
      description: 'The number of the recipe version the measurement was taken on, as the maker sees it',
    }),
  },
  { $id: 'MeasurementListItem' },
);
export type MeasurementListItem = Static<typeof MeasurementListItemSchema>;

export const SerialCheckQuery = Type.Object({
  recipe_id: Id,
  lot_number: Type.String({ minLength: 1, maxLength: 100 }),
  serial_number: Type.String({ minLength: 1, maxLength: 100 }),
});

export const SerialCheckSchema = Type.Object({
  measurement_count: Type.Integer({ description: 'Measurements of this recipe already stored for the part' }),
  last_measured_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const MeasurementCreateSchema = Type.Object(
  {
    subtask_id: Id,
    version_id: Id,
    value: Type.Number({ minimum: -1e12, maximum: 1e12 }),
    lot_number: Type.Optional(Type.String({ maxLength: 100 })),
    serial_number: Type.Optional(Type.String({ maxLength: 100 })),
    input_method: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        pattern: '^[a-z0-9_]+$',
        description: 'e.g. usb_caliper, manual',
      }),
    ),
    gauge_id: Type.Optional({
      ...Id,
      description:
        'The gauge used. It must have been in service and within its calibration due date at `taken_at` ' +
        '(409 otherwise), and the value may not have more decimals than its resolution (422). Optional ' +
        'unless the setting gauge_required is "true".',
    }),
    taken_at: Type.Optional(
      Type.String({
        maxLength: 40,
        pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$',
        description:
          'ISO 8601 date-time with offset: when the value was read at the station. The gauge is judged at ' +
          'this time, so a part queued offline is not refused because its gauge fell due while it waited. ' +
          'At most 5 minutes after the server time; default: the time the server receives it.',
      }),
    ),
    back_entry_reason: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 500,
        pattern: '\\S',
        description:
          'Marks the measurement as a back-entry: it was taken against `version_id` although that version is ' +
          'no longer current (e.g. measured offline before a new version was released), and says why. ' +
          'Without it a measurement for a version that is not current is 409 VERSION_NOT_CURRENT naming the ' +
          'current version. A back-entry is judged against the limits of the version it names and is written ' +
          'to the change history with this reason. Ignored on the current version.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type MeasurementCreate = Static<typeof MeasurementCreateSchema>;

/** Largest batch accepted in one request (one transaction). */
export const MAX_BATCH = 10_000;

export const MeasurementBatchSchema = Type.Object(
  {
    batch_id: Type.Optional(
      Type.String({
        pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
        description:
          'Client-generated UUID, made once per batch and sent again on every retry. A batch whose id is ' +
          'already stored is not stored again: the same caller with the same measurements gets the stored ' +
          'ones back (200, header Idempotent-Replayed: true); other measurements or another caller get 409.',
      }),
    ),
    measurements: Type.Array(MeasurementCreateSchema, { minItems: 1, maxItems: MAX_BATCH }),
  },
  { additionalProperties: false },
);

export const MeasurementFilterFields = {
  recipe_id: Type.Optional(Id),
  version_id: Type.Optional(Id),
  subtask_id: Type.Optional(Id),
  measured_by: Type.Optional(Id),
  lot_number: Type.Optional(Type.String({ maxLength: 100 })),
  serial_number: Type.Optional(Type.String({ maxLength: 100 })),
  date_from: Type.Optional(
    Type.String({ maxLength: 40, description: 'ISO 8601 date or date-time, inclusive' }),
  ),
  date_to: Type.Optional(
    Type.String({ maxLength: 40, description: 'ISO 8601 date (whole day included) or date-time, inclusive' }),
  ),
  pass_fail: Type.Optional(PassFailSchema),
  gauge_id: Type.Optional({ ...Id, description: 'Only measurements taken with this gauge' }),
};

export const MeasurementFilterQuery = Type.Object(MeasurementFilterFields);
export type MeasurementFilters = Static<typeof MeasurementFilterQuery> & {
  /** One characteristic across recipe versions: its subtasks, oldest version first (statistics only). */
  subtask_ids?: number[];
};

const AcrossVersions = Type.Optional(
  Type.Boolean({
    description:
      "with subtask_id: the characteristic in every version of the recipe (the subtasks with the subtask's " +
      'marker number), the rows the statistics with `across_versions` are computed from',
  }),
);

/** The list filters as the export takes them: with `across_versions`, the rows the list and the chart show. */
export const MeasurementExportQuery = Type.Object({
  ...MeasurementFilterFields,
  across_versions: AcrossVersions,
});
export type MeasurementExportFilters = Static<typeof MeasurementExportQuery>;

export const MeasurementListQuery = Type.Object({
  ...MeasurementFilterFields,
  across_versions: AcrossVersions,
  page: Type.Integer({ minimum: 1, maximum: 10_000_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
});
