import { type TSchema, Type } from '@sinclair/typebox';

/** The one error body of this service. */
export const ErrorSchema = Type.Object({ detail: Type.String() }, { description: 'Error' });

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or invalid API key',
  403: 'Role missing',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Body too large',
  422: 'Validation error naming the field',
};

/** Response entries for the given error statuses; 400 (bad JSON) and 422 (schema) apply to every route with input. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const out: Record<number, TSchema> = {};
  for (const status of statuses) {
    out[status] = Type.Object({ detail: Type.String() }, { description: ERROR_MEANINGS[status] ?? 'Error' });
  }
  return out;
}

/** A 409 whose body also says what it conflicts with: `code` and `details` are present only then. */
export const ConflictSchema = Type.Object(
  {
    detail: Type.String(),
    code: Type.Optional(Type.String({ description: 'e.g. VERSION_NOT_CURRENT' })),
    details: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'VERSION_NOT_CURRENT: version_id, version_number, current_version_id, current_version_number',
      }),
    ),
  },
  { description: ERROR_MEANINGS[409] },
);

/** Database ids are 32-bit on PostgreSQL; anything larger cannot exist and is refused as 422. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const NoContent = Type.Null({ description: 'No content' });

export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    pages: Type.Integer(),
  });

/** Text fields: bounded so nothing unbounded reaches the database. */
export const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });
