import { unprocessable } from '@app/kit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { exclusionReasonsProblem } from '../exclusions/exclusion-reasons.js';
import { recordChange } from '../history/history.repository.js';
import { settingsRepository } from './settings.repository.js';

/** Known keys whose values the CSV export or the exclusions depend on; a bad value would break them. */
const RULES: Record<string, (value: string) => string | null> = {
  csv_delimiter: (v) =>
    v.length === 1 && !['"', '\r', '\n'].includes(v)
      ? null
      : 'must be one character, not a quote or line break',
  csv_decimal_separator: (v) => (v === '.' || v === ',' ? null : 'must be "." or ","'),
  exclusion_reasons: exclusionReasonsProblem,
  gauge_required: (v) => (v === 'true' || v === 'false' ? null : 'must be "true" or "false"'),
  plausibility_band: (v) =>
    /^\d+(\.\d+)?$/.test(v) && Number(v) >= 1 && Number(v) <= 1000
      ? null
      : 'must be a number of tolerance widths from 1 to 1000',
};

const KEY = /^[A-Za-z0-9_.-]{1,100}$/;

/** Writes one setting and, when its value changes, one change record naming the key. */
async function writeSetting(tx: Kysely<DB>, key: string, value: string, actorId: number) {
  const before = (await settingsRepository.get(tx, key)) ?? null;
  if (before === value) return;
  await settingsRepository.set(tx, key, value);
  await recordChange(tx, {
    actorId,
    entityType: 'setting',
    entityId: key,
    action: before === null ? 'create' : 'update',
    changes: [{ field: key, before, after: value }],
  });
}

export function createSettingsService(db: Kysely<DB>) {
  return {
    all: () => settingsRepository.all(db),
    /** The seam the logo upload uses to record `company_logo_path`. */
    set: (key: string, value: string, actorId: number) =>
      db.transaction().execute((tx) => writeSetting(tx, key, value, actorId)),

    /** Writes all keys in one transaction after checking each known key, so a bad map changes nothing. */
    async update(values: Record<string, string>, actorId: number): Promise<string[]> {
      for (const [key, value] of Object.entries(values)) {
        if (!KEY.test(key))
          throw unprocessable(`body: setting name "${key.slice(0, 100)}" must be 1-100 of A-Z a-z 0-9 _ . -`);
        const problem = RULES[key]?.(value);
        if (problem) throw unprocessable(`body.${key}: ${problem}`);
      }
      await db.transaction().execute(async (tx) => {
        for (const [key, value] of Object.entries(values)) await writeSetting(tx, key, value, actorId);
      });
      return Object.keys(values);
    },
  };
}
