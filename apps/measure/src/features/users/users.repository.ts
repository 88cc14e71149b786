import type { Kysely, Selectable, Updateable } from 'kysely';
import type { RoleName } from '../../auth/guard-types.js';
import type { DB, UsersTable } from '../../db/schema.types.js';
import { nowIso } from '../../http/time.js';
import type { User } from './users.schema.js';

export type UserRow = Selectable<UsersTable>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    email: row.email,
    // Written only from RoleSchema-validated input (and the bootstrap admin's three roles).
    roles: JSON.parse(row.roles) as RoleName[],
    is_admin: row.is_admin === 1,
    active: row.active === 1,
    language_pref: row.language_pref,
    theme_pref: row.theme_pref,
  };
}

export interface NewUser {
  username: string;
  password_hash: string;
  display_name?: string | undefined;
  email?: string | undefined;
  roles?: RoleName[] | undefined;
  is_admin?: boolean | undefined;
  language_pref?: string | undefined;
  theme_pref?: string | undefined;
}

export interface UserChanges {
  display_name?: string | undefined;
  email?: string | undefined;
  roles?: RoleName[] | undefined;
  is_admin?: boolean | undefined;
  language_pref?: string | undefined;
  theme_pref?: string | undefined;
  active?: boolean | undefined;
}

export const usersRepository = {
  findById: (db: Kysely<DB>, id: number) =>
    db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  findByUsername: (db: Kysely<DB>, username: string) =>
    db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst(),

  list: (db: Kysely<DB>) => db.selectFrom('users').selectAll().orderBy('id').execute(),

  count: async (db: Kysely<DB>) =>
    Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),

  insert: (db: Kysely<DB>, user: NewUser) =>
    db
      .insertInto('users')
      .values({
        username: user.username,
        password_hash: user.password_hash,
        display_name: user.display_name ?? user.username,
        email: user.email ?? '',
        roles: JSON.stringify(user.roles ?? []),
        is_admin: user.is_admin ? 1 : 0,
        active: 1,
        language_pref: user.language_pref ?? 'en',
        theme_pref: user.theme_pref ?? 'light',
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow(),

  update: (db: Kysely<DB>, id: number, changes: UserChanges) => {
    const values: Updateable<UsersTable> = {};
    if (changes.display_name !== undefined) values.display_name = changes.display_name;
    if (changes.email !== undefined) values.email = changes.email;
    if (changes.roles !== undefined) values.roles = JSON.stringify(changes.roles);
    if (changes.is_admin !== undefined) values.is_admin = changes.is_admin ? 1 : 0;
    if (changes.language_pref !== undefined) values.language_pref = changes.language_pref;
    if (changes.theme_pref !== undefined) values.theme_pref = changes.theme_pref;
    if (changes.active !== undefined) values.active = changes.active ? 1 : 0;
    if (Object.keys(values).length === 0)
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  },
};

export const apiKeysRepository = {
  insert: (db: Kysely<DB>, userId: number, keyHash: string) =>
    db
      .insertInto('api_keys')
      .values({ user_id: userId, key_hash: keyHash, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /** The active user owning a key, with the key row id. */
  findCaller: (db: Kysely<DB>, keyHash: string) =>
    db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select(['api_keys.id as api_key_id', 'users.id', 'users.username', 'users.roles', 'users.is_admin'])
      .where('api_keys.key_hash', '=', keyHash)
      .where('users.active', '=', 1)
      .executeTakeFirst(),

  deleteById: (db: Kysely<DB>, id: number) => db.deleteFrom('api_keys').where('id', '=', id).execute(),

  deleteForUser: (db: Kysely<DB>, userId: number) =>
    db.deleteFrom('api_keys').where('user_id', '=', userId).execute(),
};
