import { type Static, Type } from '@sinclair/typebox';
import { Id } from '../../http/common.schema.js';
import { SubtaskFields, TaskFields } from '../recipes/recipes.schema.js';

const { marker_number, nominal, utl, uwl, lwl, ltl, ...subtaskText } = SubtaskFields;

export const SubtaskCreateSchema = Type.Object(
  {
    marker_number,
    nominal,
    utl,
    uwl,
    lwl,
    ltl,
    description: Type.Optional(subtaskText.description),
    measurement_type: Type.Optional(subtaskText.measurement_type),
    unit: Type.Optional(subtaskText.unit),
  },
  { additionalProperties: false },
);
export type SubtaskCreate = Static<typeof SubtaskCreateSchema>;

export const SubtaskUpdateSchema = Type.Object(
  {
    ...Type.Partial(SubtaskCreateSchema).properties,
    reason: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description:
          'Why: kept in the change history. Required (422) when the limits (nominal, utl, uwl, lwl, ltl) of a ' +
          'marker that already has measurements, in any version of the recipe, change.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SubtaskUpdate = Static<typeof SubtaskUpdateSchema>;

export const TaskCreateSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255 }),
    directive: Type.Optional(TaskFields.directive),
    description: Type.Optional(TaskFields.description),
    file_type: Type.Optional(TaskFields.file_type),
    file_path: Type.Optional(TaskFields.file_path),
    annotations_json: Type.Optional(TaskFields.annotations_json),
    subtasks: Type.Optional(Type.Array(SubtaskCreateSchema, { maxItems: 200 })),
  },
  { additionalProperties: false },
);
export type TaskCreate = Static<typeof TaskCreateSchema>;

export const TaskUpdateSchema = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    directive: Type.Optional(TaskFields.directive),
    description: Type.Optional(TaskFields.description),
    file_type: Type.Optional(TaskFields.file_type),
    file_path: Type.Optional(TaskFields.file_path),
    annotations_json: Type.Optional(TaskFields.annotations_json),
  },
  { additionalProperties: false },
);
export type TaskUpdate = Static<typeof TaskUpdateSchema>;

export const ReorderSchema = Type.Object(
  { task_ids: Type.Array(Id, { maxItems: 500 }) },
  { additionalProperties: false },
);

export const TaskParams = Type.Object({ task_id: Id });
export const SubtaskParams = Type.Object({ subtask_id: Id });
