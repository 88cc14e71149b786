import { type Static, Type } from '@sinclair/typebox';
import { Id } from '../../http/common.schema.js';

/** Longest comment: a few sentences, enough for a cause and what was done about it. */
export const MAX_COMMENT_LENGTH = 500;

export const CommentCreateSchema = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: MAX_COMMENT_LENGTH,
      description: `1–${MAX_COMMENT_LENGTH} characters; blank text is refused`,
    }),
  },
  { additionalProperties: false },
);
export type CommentCreate = Static<typeof CommentCreateSchema>;

export const CommentSchema = Type.Object(
  {
    id: Type.Integer(),
    measurement_id: Type.Integer(),
    text: Type.String(),
    created_by: Type.Integer(),
    author: Type.String({ description: 'display name of who wrote it (username when they have none)' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'MeasurementComment' },
);
export type Comment = Static<typeof CommentSchema>;

export const CommentListQuery = Type.Object(
  {
    recipe_id: Id,
    subtask_id: Type.Optional(Id),
    measurement_ids: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,499}$',
        maxLength: 5500,
        description:
          'only these measurements: up to 500 comma-separated ids (a page of the measurement list)',
      }),
    ),
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  },
  { additionalProperties: false },
);
export type CommentListQueryType = Static<typeof CommentListQuery>;
