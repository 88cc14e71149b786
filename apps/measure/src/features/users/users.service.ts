import { badRequest, conflict, notFound, unauthorized } from '@app/kit';
import type { Kysely } from 'kysely';
import type { Caller, RoleName } from '../../auth/guard-types.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { DB } from '../../db/schema.types.js';
import { hashApiKey, newApiKey } from '../auth/api-keys.js';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords.js';
import { apiKeysRepository, toUser, type UserChanges, usersRepository } from './users.repository.js';
import type { User, UserCreate } from './users.schema.js';

/** Issues a new key for the user; only its hash is stored, the key is returned once. */
export async function issueKey(db: Kysely<DB>, userId: number): Promise<string> {
  const key = newApiKey();
  await apiKeysRepository.insert(db, userId, hashApiKey(key));
  return key;
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

    async create(input: UserCreate): Promise<User> {
      const { password, ...rest } = input;
      if (await usersRepository.findByUsername(db, input.username)) throw conflict('Username already exists');
      try {
        const row = await usersRepository.insert(db, {
          ...rest,
          password_hash: await hashPassword(password),
        });
        return toUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Username already exists');
        throw error;
      }
    },

    /** `caller` is set for the admin route: an administrator cannot remove their own admin flag (lock-out). */
    async update(id: number, changes: UserChanges, caller?: Caller): Promise<User> {
      if (caller?.id === id && changes.is_admin === false)
        throw badRequest('You cannot remove your own admin rights');
      await requireUser(id);
      const row = await usersRepository.update(db, id, changes);
      if (!row) throw notFound('User not found');
      return toUser(row);
    },

    /** Soft delete: the row stays for traceability of measurements; every key is revoked. */
    async deactivate(caller: Caller, id: number): Promise<void> {
      if (caller.id === id) throw badRequest('You cannot deactivate yourself');
      await requireUser(id);
      await db.transaction().execute(async (tx) => {
        await usersRepository.update(tx, id, { active: false });
        await apiKeysRepository.deleteForUser(tx, id);
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
    async regenerateKey(id: number): Promise<string> {
      const row = await requireUser(id);
      if (row.active !== 1) throw badRequest('User is inactive');
      return db.transaction().execute(async (tx) => {
        await apiKeysRepository.deleteForUser(tx, id);
        return issueKey(tx, id);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

export const parseRoles = (text: string): RoleName[] => JSON.parse(text) as RoleName[];
