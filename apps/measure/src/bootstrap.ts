import { sql } from 'kysely';
import { ROLE_NAMES } from './auth/guard-types.js';
import type { Database } from './db/database.js';
import { generatePassword, hashPassword } from './features/auth/passwords.js';
import { DEFAULT_SETTINGS, settingsRepository } from './features/settings/settings.repository.js';
import { usersRepository } from './features/users/users.repository.js';
import { recordUserChange } from './features/users/users.service.js';
import { nowIso } from './http/time.js';

export interface BootstrapOptions {
  adminUsername: string;
  /** Unset: a password is generated and handed to `saveGeneratedPassword` before the admin is committed. */
  adminPassword?: string | undefined;
  /**
   * Keeps a generated password where the operator can read it once; returns where, for the console.
   * Required when `adminPassword` is unset (callers that always give one, like benchmarks, may omit it).
   */
  saveGeneratedPassword?(password: string): Promise<string>;
}

export interface BootstrapResult {
  /** Set only when the admin was created now with a generated password: the file holding it. */
  adminPasswordFile?: string;
}

/**
 * First-start data: the bootstrap admin (only while no user exists; holds all
 * three roles because admin alone implies none), the seed station ST-DEFAULT
 * and the default settings. Idempotent: later starts change nothing. Instances started together on one
 * PostgreSQL run it one after another (a transaction-level advisory lock): both saw no user and both
 * inserted the admin, and the second start died on the unique username. SQLite's BEGIN IMMEDIATE
 * already serialises it.
 */
export async function bootstrap(
  { db, dialect }: Pick<Database, 'db' | 'dialect'>,
  options: BootstrapOptions,
): Promise<BootstrapResult> {
  const result: BootstrapResult = {};
  await db.transaction().execute(async (tx) => {
    if (dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(hashtext('measure-bootstrap:' || current_schema()))`.execute(tx);
    }
    if ((await usersRepository.count(tx)) === 0) {
      const password = options.adminPassword ?? generatePassword();
      if (!options.adminPassword) {
        if (!options.saveGeneratedPassword)
          throw new Error('bootstrap: no place to keep a generated password');
        result.adminPasswordFile = await options.saveGeneratedPassword(password);
      }
      const admin = await usersRepository.insert(tx, {
        username: options.adminUsername,
        password_hash: await hashPassword(password),
        display_name: 'Administrator',
        roles: [...ROLE_NAMES],
        is_admin: true,
      });
      // No actor: the service itself created the first administrator.
      await recordUserChange(tx, null, 'create', null, admin);
    }
    await tx
      .insertInto('stations')
      .values({ code: 'ST-DEFAULT', name: 'Default station', active: 1, created_at: nowIso() })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      await settingsRepository.seedDefault(tx, key, value);
    }
  });
  return result;
}
