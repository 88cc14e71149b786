import { type Static, Type } from '@sinclair/typebox';
import { Id, Text } from '../../http/common.schema.js';

const Limit = Type.Number({ minimum: -1e12, maximum: 1e12 });

export const SubtaskFields = {
  marker_number: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  description: Text(2000),
  measurement_type: Text(50),
  nominal: Limit,
  utl: Limit,
  uwl: Limit,
  lwl: Limit,
  ltl: Limit,
  unit: Text(20),
};

export const SubtaskSchema = Type.Object(
  { id: Type.Integer(), task_id: Type.Integer(), ...SubtaskFields, marker_number: Type.Integer() },
  { $id: 'Subtask' },
);
export type Subtask = Static<typeof SubtaskSchema>;

/** Marker positions on the task image, as fractions of its width and height (GUIDE). */
export const AnnotationsSchema = Type.Union([
  Type.Null(),
  Type.Object(
    {
      markers: Type.Array(
        Type.Object(
          {
            marker_number: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
            x: Type.Number({ minimum: 0, maximum: 1 }),
            y: Type.Number({ minimum: 0, maximum: 1 }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 500 },
      ),
    },
    { additionalProperties: false },
  ),
]);
export type Annotations = Static<typeof AnnotationsSchema>;

/**
 * Where the task's image lies: a path as `POST /files/upload` returns it, relative to the upload root
 * (segments of letters, digits, `.`, `_`, `-`, none starting with a dot, so never `..` nor absolute).
 */
export const FilePathSchema = Type.Union([
  Type.Null(),
  Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: '^[A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$',
    description: 'Relative upload path from POST /files/upload, e.g. 7/12/drawing.png; null: no image',
  }),
]);

export const TaskFields = {
  title: Text(255),
  directive: Text(5000),
  description: Text(5000),
  file_type: Text(50),
  file_path: FilePathSchema,
  annotations_json: AnnotationsSchema,
};

export const TaskSchema = Type.Object(
  {
    id: Type.Integer(),
    version_id: Type.Integer(),
    order_index: Type.Integer(),
    ...TaskFields,
    subtasks: Type.Array(SubtaskSchema),
  },
  { $id: 'Task' },
);
export type Task = Static<typeof TaskSchema>;

const versionFields = {
  id: Type.Integer(),
  recipe_id: Type.Integer(),
  version_number: Type.Integer(),
  change_notes: Type.String(),
  created_by: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
};

export const VersionSummarySchema = Type.Object(versionFields, { $id: 'RecipeVersionSummary' });
export type VersionSummary = Static<typeof VersionSummarySchema>;

export const VersionSchema = Type.Object(
  { ...versionFields, tasks: Type.Array(TaskSchema) },
  { $id: 'RecipeVersion' },
);
export type Version = Static<typeof VersionSchema>;

const recipeFields = {
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  active: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  created_by: Type.Integer(),
};

export const RecipeSchema = Type.Object(
  { ...recipeFields, current_version: VersionSchema },
  { $id: 'Recipe' },
);
export type Recipe = Static<typeof RecipeSchema>;

/** List entries carry the current version without its tasks; GET /recipes/{id} has the whole tree. */
export const RecipeSummarySchema = Type.Object(
  { ...recipeFields, current_version: VersionSummarySchema },
  { $id: 'RecipeSummary' },
);
export type RecipeSummary = Static<typeof RecipeSummarySchema>;

/**
 * Lookup codes travel in URL paths (`/recipes/code/{code}`, `/stations/by-code/{code}/recipes`): no slash,
 * no control characters, no leading or trailing blank.
 */
export const CodeSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^/\\s\\p{Cc}]([^/\\p{Cc}]*[^/\\s\\p{Cc}])?$',
});

export const RecipeCreateSchema = Type.Object(
  {
    code: CodeSchema,
    name: Text(255, 1),
    description: Type.Optional(Text(5000)),
    change_notes: Type.Optional(Text(2000)),
  },
  { additionalProperties: false },
);
export type RecipeCreate = Static<typeof RecipeCreateSchema>;

export const RecipeUpdateSchema = Type.Object(
  {
    name: Type.Optional(Text(255, 1)),
    description: Type.Optional(Text(5000)),
    change_notes: Type.Optional({
      ...Text(2000),
      description:
        "The reason for releasing the new version, kept as the version's notes and as the reason of the " +
        'release in the change history (optional, as the spec has it; the web client asks for it)',
    }),
  },
  { additionalProperties: false },
);
export type RecipeUpdate = Static<typeof RecipeUpdateSchema>;

export const RecipeListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});

export const RecipeParams = Type.Object({ recipe_id: Id });
export const VersionParams = Type.Object({ recipe_id: Id, version_number: Id });

export const MeasurementCountSchema = Type.Object({
  recipe_id: Type.Integer(),
  version_number: Type.Integer(),
  measurement_count: Type.Integer(),
});

const FieldChangeSchema = Type.Object({
  field: Type.String({
    description:
      'a point: description, measurement_type, unit, nominal, ltl, lwl, uwl, utl or task; a task: directive, description, file_path or position',
  }),
  from: Type.Union([Type.String(), Type.Number()]),
  to: Type.Union([Type.String(), Type.Number()]),
});
const PointRefSchema = {
  marker_number: Type.Integer(),
  description: Type.String(),
  task_title: Type.String(),
};

export const VersionChangesQuery = Type.Object(
  {
    against: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description: 'version number to compare with (default: the current version)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const VersionChangesSchema = Type.Object(
  {
    from_version: Type.Integer(),
    to_version: Type.Integer(),
    tasks: Type.Object({
      added: Type.Array(Type.String()),
      removed: Type.Array(Type.String()),
      changed: Type.Array(Type.Object({ title: Type.String(), changes: Type.Array(FieldChangeSchema) })),
    }),
    points: Type.Object({
      added: Type.Array(Type.Object(PointRefSchema)),
      removed: Type.Array(Type.Object(PointRefSchema)),
      changed: Type.Array(Type.Object({ ...PointRefSchema, changes: Type.Array(FieldChangeSchema) })),
    }),
  },
  { $id: 'RecipeVersionChanges' },
);
