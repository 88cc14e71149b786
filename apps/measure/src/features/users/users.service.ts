import { badRequest, conflict, notFound, unauthorized } from '@app/kit';
import type { Kysely } from 'kysely';
import type { Caller, RoleName } from '../../auth/guard-types.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB } from '../../db/schema.types.js';
import { hashApiKey, newApiKey } from '../auth/api-keys.js';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords.js';
import { fieldChanges } from '../history/field-changes.js';
import { recordChange } from '../history/history.repository.js';
import {
  apiKeysRepository,
  toUser,
  type UserChanges,
  type UserRow,
  usersRepository,
} from './users.repository.js';
import type { User, UserCreate } from './users.schema.js';

/** Issues a new key for the user; only its hash is stored, the key is returned once. */
export async function issueKey(db: Kysely<DB>, userId: number): Promise<string> {
  const key = newApiKey();
  await apiKeysRepository.insert(db, userId, hashApiKey(key));
  return key;
}

/** What a user's change record compares; the password hash and API keys are never among them. */
const RECORDED = [
  'username',
  'display_name',
  'email',
  'roles',
  'is_admin',
  'active',
  'language_pref',
  'theme_pref',
] as const;

/** Records a user's creation or edit in the caller's transaction; nothing when nothing changed. */
export async function recordUserChange(
  tx: Kysely<DB>,
  actorId: number | null,
  action: 'create' | 'update' | 'deactivate',
  before: UserRow | null,
  after: UserRow,
): Promise<void> {
  const changes = fieldChanges(before && toUser(before), toUser(after), RECORDED);
  if (changes.length === 0) return;
  await recordChange(tx, { actorId, entityType: 'user', entityId: after.id, action, changes });
}

export function createUsersService(db: Kysely<DB>) {
  async function requireUser(id: number) {
    const row = await usersRepository.findById(db, id);
    if (!row) throw notFound('User not found');
    return row;
  }

  return {
    async login(username: string, password: string): Promise<{ user: User; api_key: string }> {
      const row = await usersRepository.findByUsername(db, username);
      const ok = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
      if (!row || !ok || row.active !== 1) throw unauthorized('Invalid username or password');
      return { user: toUser(row), api_key: await issueKey(db, row.id) };
    },

    async logout(caller: Caller): Promise<void> {
      await apiKeysRepository.deleteById(db, caller.api_key_id);
    },

    async get(id: number): Promise<User> {
      return toUser(await requireUser(id));
    },

    async list(): Promise<User[]> {
      return (await usersRepository.list(db)).map(toUser);
    },

    async create(input: UserCreate, actorId: number): Promise<User> {
      const { password, ...rest } = input;
      if (await usersRepository.findByUsername(db, input.username)) throw conflict('Username already exists');
      const password_hash = await hashPassword(password);
      try {
        const row = await db.transaction().execute(async (tx) => {
          const created = await usersRepository.insert(tx, { ...rest, password_hash });
          await recordUserChange(tx, actorId, 'create', null, created);
          return created;
        });
        return toUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Username already exists');
        throw error;
      }
    },

    /** An administrator cannot remove their own admin flag (lock-out); the caller edits their own profile too. */
    async update(id: number, changes: UserChanges, caller: Caller): Promise<User> {
      if (caller.id === id && changes.is_admin === false)
        throw badRequest('You cannot remove your own admin rights');
      const before = await requireUser(id);
      const row = await db.transaction().execute(async (tx) => {
        const after = await usersRepository.update(tx, id, changes);
        if (after) await recordUserChange(tx, caller.id, 'update', before, after);
        return after;
      });
      if (!row) throw notFound('User not found');
      return toUser(row);
    },

    /** Soft delete: the row stays for traceability of measurements; every key is revoked. */
    async deactivate(caller: Caller, id: number): Promise<void> {
      if (caller.id === id) throw badRequest('You cannot deactivate yourself');
      const before = await requireUser(id);
      await db.transaction().execute(async (tx) => {
        const after = await usersRepository.update(tx, id, { active: false });
        await apiKeysRepository.deleteForUser(tx, id);
        if (after) await recordUserChange(tx, caller.id, 'deactivate', before, after);
      });
    },

    /**
     * Undoes a deactivation: the user may sign in again with their password. No key is issued here (the
     * user's keys were revoked and stay so); an admin who needs one for a machine uses regenerate-key.
     */
    async reactivate(id: number): Promise<User> {
      await requireUser(id);
      const row = await usersRepository.update(db, id, { active: true });
      if (!row) throw notFound('User not found');
      return toUser(row);
    },

    /** Revokes every key of the user and issues one new key. */
    async regenerateKey(id: number, actorId: number): Promise<string> {
      const row = await requireUser(id);
      if (row.active !== 1) throw badRequest('User is inactive');
      return db.transaction().execute(async (tx) => {
        await apiKeysRepository.deleteForUser(tx, id);
        // Which keys existed and the new one's hash are secrets: the record says only that it happened.
        await recordChange(tx, {
          actorId,
          entityType: 'user',
          entityId: id,
          action: 'regenerate_key',
          changes: [],
        });
        return issueKey(tx, id);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

export const parseRoles = (text: string): RoleName[] => JSON.parse(text) as RoleName[];
