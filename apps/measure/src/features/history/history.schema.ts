import { type Static, Type } from '@sinclair/typebox';
import { Id } from '../../http/common.schema.js';
import { ACTIONS, ENTITY_TYPES } from './field-changes.js';

/** A string enum typed as its union (one `enum` in the OpenAPI document rather than a list of consts). */
const literals = <T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });

export const FieldChangeSchema = Type.Object(
  {
    field: Type.String(),
    before: Type.Unknown({ description: 'The value before the change; null when the entity was created' }),
    after: Type.Unknown({ description: 'The value after the change; null when the entity was deleted' }),
  },
  { $id: 'FieldChange' },
);

export const ChangeRecordSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Increasing in the order the changes were committed' }),
    recorded_at: Type.String({ format: 'date-time' }),
    actor_id: Type.Union([Type.Integer(), Type.Null()], { description: 'Who; null: the service itself' }),
    actor_username: Type.Union([Type.String(), Type.Null()]),
    entity_type: literals(ENTITY_TYPES, 'What kind of thing changed'),
    entity_id: Type.String({ description: 'Its id (a setting: its key; an exclusion: the measurement id)' }),
    action: literals(ACTIONS, 'What was done'),
    recipe_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The recipe it concerns, if any' }),
    version_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The recipe version it landed in' }),
    changes: Type.Array(FieldChangeSchema),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Why, as the user gave it' }),
  },
  { $id: 'ChangeRecord' },
);
export type ChangeRecord = Static<typeof ChangeRecordSchema>;

const DateBound = (description: string) => Type.Optional(Type.String({ maxLength: 40, description }));

export const HistoryFilterFields = {
  entity_type: Type.Optional(literals(ENTITY_TYPES, 'Only changes to this kind of thing')),
  entity_id: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'With entity_type: one thing' }),
  ),
  action: Type.Optional(literals(ACTIONS, 'Only this action')),
  actor_id: Type.Optional({ ...Id, description: 'Only changes made by this user' }),
  recipe_id: Type.Optional({
    ...Id,
    description: 'Only changes concerning this recipe, across its versions',
  }),
  date_from: DateBound('ISO 8601 date or date-time, inclusive'),
  date_to: DateBound('ISO 8601 date (whole day included) or date-time, inclusive'),
};

const Paging = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
};

export const HistoryListQuery = Type.Object(
  { ...HistoryFilterFields, ...Paging },
  { additionalProperties: false },
);
export const HistoryExportQuery = Type.Object(HistoryFilterFields, { additionalProperties: false });

const { recipe_id: _recipe, ...withoutRecipe } = HistoryFilterFields;
export const RecipeHistoryQuery = Type.Object(
  { ...withoutRecipe, ...Paging },
  { additionalProperties: false },
);
const { actor_id: _actor, ...withoutActor } = HistoryFilterFields;
export const UserHistoryQuery = Type.Object({ ...withoutActor, ...Paging }, { additionalProperties: false });

export type HistoryListQueryType = Static<typeof HistoryListQuery>;
