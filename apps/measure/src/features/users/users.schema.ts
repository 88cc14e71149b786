import { type Static, Type } from '@sinclair/typebox';
import { ROLE_NAMES } from '../../auth/guard-types.js';
import { Text } from '../../http/common.schema.js';

export const RoleSchema = Type.Union(
  ROLE_NAMES.map((name) => Type.Literal(name)),
  { description: 'Role name' },
);

export const UserSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    display_name: Type.String(),
    email: Type.String(),
    roles: Type.Array(RoleSchema),
    is_admin: Type.Boolean(),
    active: Type.Boolean(),
    language_pref: Type.String(),
    theme_pref: Type.String(),
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

const Roles = Type.Array(RoleSchema, { maxItems: 3, uniqueItems: true });

/** What a user may change about themselves (PUT /auth/me). */
const ProfileFields = {
  display_name: Type.Optional(Text(255)),
  language_pref: Type.Optional(Text(16)),
  theme_pref: Type.Optional(Text(16)),
};

/** What an admin may set on any user, at creation or later. */
const AdminEditableFields = {
  ...ProfileFields,
  email: Type.Optional(Text(255)),
  roles: Type.Optional(Roles),
  is_admin: Type.Optional(Type.Boolean()),
};

export const UserCreateSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$' }),
    password: Text(256, 8),
    ...AdminEditableFields,
  },
  { additionalProperties: false },
);
export type UserCreate = Static<typeof UserCreateSchema>;

export const UserUpdateSchema = Type.Object(AdminEditableFields, { additionalProperties: false });
export type UserUpdate = Static<typeof UserUpdateSchema>;

export const MeUpdateSchema = Type.Object(ProfileFields, { additionalProperties: false });

export const ApiKeyIssuedSchema = Type.Object({ api_key: Type.String(), message: Type.String() });
