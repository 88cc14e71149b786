import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { DEFAULT_EXCLUSION_REASONS } from '../exclusions/exclusion-reasons.js';

export const DEFAULT_SETTINGS: Record<string, string> = {
  company_logo_path: '',
  csv_delimiter: ',',
  csv_decimal_separator: '.',
  exclusion_reasons: DEFAULT_EXCLUSION_REASONS,
  // The station asks before keeping a value further from nominal than this many tolerance widths.
  plausibility_band: '5',
  // "true": every measurement must name its gauge (422 otherwise); off by default for older clients.
  gauge_required: 'false',
};

export const settingsRepository = {
  all: async (db: Kysely<DB>): Promise<Record<string, string>> => {
    const rows = await db.selectFrom('settings').selectAll().orderBy('key').execute();
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  },

  get: async (db: Kysely<DB>, key: string): Promise<string | undefined> =>
    (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value,

  set: async (db: Kysely<DB>, key: string, value: string): Promise<void> => {
    await db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  },

  /** Writes a default only where the key is absent, so restarts never overwrite an admin's choice. */
  seedDefault: async (db: Kysely<DB>, key: string, value: string): Promise<void> => {
    await db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
};
