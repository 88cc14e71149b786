import { type Static, Type } from '@sinclair/typebox';
import { Id } from '../../http/common.schema.js';
import { CodeSchema } from '../recipes/recipes.schema.js';
import { GAUGE_STATUSES } from './gauge-rules.js';

export const GaugeStatusSchema = Type.Union(
  GAUGE_STATUSES.map((status) => Type.Literal(status)),
  { description: 'Only `in_service` gauges take measurements' },
);

const CalendarDate = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${description} (YYYY-MM-DD)` });

export const GaugeSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String({ description: 'The id printed or barcoded on the gauge; scanned at the station' }),
    description: Type.String(),
    type: Type.String({ description: 'e.g. caliper, micrometer, height gauge' }),
    resolution: Type.Number({ description: 'Smallest displayed step in the unit measured, e.g. 0.01' }),
    serial_number: Type.String(),
    calibrated_on: CalendarDate('Date of the last calibration'),
    calibration_due: CalendarDate('Last day the gauge may be used; refused from the next day (UTC)'),
    status: GaugeStatusSchema,
    in_service_from: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the gauge last entered service',
    }),
    out_of_service_from: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the gauge last left service',
    }),
    notes: Type.String(),
    created_by: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Gauge' },
);
export type Gauge = Static<typeof GaugeSchema>;

const fields = {
  description: Type.String({ maxLength: 500 }),
  type: Type.String({ minLength: 1, maxLength: 100, description: 'e.g. caliper, micrometer, height gauge' }),
  resolution: Type.Number({
    exclusiveMinimum: 0,
    maximum: 1000,
    description: 'Smallest displayed step, at most 6 decimals; values with more decimals are refused',
  }),
  serial_number: Type.String({ maxLength: 100 }),
  calibrated_on: CalendarDate('Date of the last calibration'),
  calibration_due: CalendarDate('Last day the gauge may be used'),
  status: GaugeStatusSchema,
  notes: Type.String({ maxLength: 5000 }),
};

export const GaugeCreateSchema = Type.Object(
  {
    code: CodeSchema,
    description: Type.Optional(fields.description),
    type: fields.type,
    resolution: fields.resolution,
    serial_number: Type.Optional(fields.serial_number),
    calibrated_on: fields.calibrated_on,
    calibration_due: fields.calibration_due,
    status: Type.Optional({ ...fields.status, default: 'in_service' }),
    notes: Type.Optional(fields.notes),
  },
  { additionalProperties: false },
);
export type GaugeCreate = Static<typeof GaugeCreateSchema>;

/** `code` is immutable: measurements, CSV files and reports already name the gauge by it. */
export const GaugeUpdateSchema = Type.Object(
  {
    description: Type.Optional(fields.description),
    type: Type.Optional(fields.type),
    resolution: Type.Optional(fields.resolution),
    serial_number: Type.Optional(fields.serial_number),
    calibrated_on: Type.Optional(fields.calibrated_on),
    calibration_due: Type.Optional(fields.calibration_due),
    status: Type.Optional(fields.status),
    notes: Type.Optional(fields.notes),
    reason: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description:
          'Why: kept in the change history. Required (422) when calibration_due, status or resolution ' +
          'change, since they decide which readings the gauge may take.',
      }),
    ),
    code: Type.Optional(Type.Never({ description: 'immutable after creation; must not be sent' })),
  },
  { additionalProperties: false },
);
export type GaugeUpdate = Static<typeof GaugeUpdateSchema>;

export const GaugeParams = Type.Object({ gauge_id: Id });
export const GaugeListQuery = Type.Object({
  status: Type.Optional(GaugeStatusSchema),
});
