import { type Static, Type } from '@sinclair/typebox';
import { Id } from '../../http/common.schema.js';
import { CodeSchema } from '../recipes/recipes.schema.js';

export const StationSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    location: Type.Union([Type.String(), Type.Null()]),
    notes: Type.Union([Type.String(), Type.Null()]),
    active: Type.Boolean(),
    created_by: Type.Union([Type.Integer(), Type.Null()], { description: 'null for the seed station' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Station' },
);
export type Station = Static<typeof StationSchema>;

const optionalText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

export const StationCreateSchema = Type.Object(
  {
    code: CodeSchema,
    name: Type.String({ minLength: 1, maxLength: 255 }),
    location: optionalText(255),
    notes: optionalText(5000),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StationCreate = Static<typeof StationCreateSchema>;

/** `code` is immutable: it is not accepted here. */
export const StationUpdateSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    location: optionalText(255),
    notes: optionalText(5000),
    active: Type.Optional(Type.Boolean()),
    // Listed so that sending it is a 422 naming the field rather than a silent no-op.
    code: Type.Optional(Type.Never({ description: 'immutable after creation; must not be sent' })),
  },
  { additionalProperties: false },
);
export type StationUpdate = Static<typeof StationUpdateSchema>;

export const StationRecipeSchema = Type.Object(
  { id: Type.Integer(), code: Type.String(), name: Type.String(), active: Type.Boolean() },
  { $id: 'StationRecipe' },
);

export const AssignmentSchema = Type.Object(
  {
    id: Type.Integer(),
    station_id: Type.Integer(),
    recipe_id: Type.Integer(),
    assigned_by: Type.Integer(),
    assigned_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'StationAssignment' },
);

export const StationParams = Type.Object({ station_id: Id });
export const AssignmentParams = Type.Object({ station_id: Id, recipe_id: Id });
export const StationListQuery = Type.Object({ active_only: Type.Boolean({ default: false }) });
export const AssignBodySchema = Type.Object({ recipe_id: Id }, { additionalProperties: false });
