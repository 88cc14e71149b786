import { sql } from 'kysely';
import { expect } from 'vitest';
import { uniqueCode } from './fixtures.js';
import type { Harness, Json } from './harness.js';

/** Reading the change history around an action: what it recorded, and that it recorded exactly one thing. */
export function historyProbe(h: Harness, maker: { key: string }) {
  const latestId = async () => {
    const res = await h.call('GET', '/api/history?per_page=1', { key: h.adminKey });
    return (res.body.items[0]?.id as number | undefined) ?? 0;
  };
  /** The records written since `mark`, oldest first. */
  const since = async (mark: number): Promise<Json[]> => {
    const res = await h.call('GET', '/api/history?per_page=500', { key: h.adminKey });
    expect(res.status).toBe(200);
    return res.body.items.filter((r: Json) => r.id > mark).reverse();
  };
  /** Runs `act` and returns the one record it left (failing when it left none or several). */
  const onlyRecordOf = async (act: () => Promise<{ status: number; text: string }>, status = 200) => {
    const mark = await latestId();
    const res = await act();
    expect(res.status, res.text).toBe(status);
    const records = await since(mark);
    expect(records).toHaveLength(1);
    return records[0] as Json;
  };
  const newRecipe = async () => {
    const res = await h.call('POST', '/api/recipes', {
      key: maker.key,
      body: { code: uniqueCode('HIS'), name: 'Flange' },
    });
    return res.body.id as number;
  };
  return { latestId, since, onlyRecordOf, newRecipe };
}

/** Makes every insert into change_records fail (a full disk, a lost privilege) or lifts that again. */
export async function blockHistoryInserts(h: Harness, block: boolean) {
  if (h.dialect === 'postgres') {
    if (block) {
      await sql`create function block_history() returns trigger language plpgsql as $$
        begin raise exception 'history unavailable'; end $$`.execute(h.db);
      await sql`create trigger block_history before insert on change_records
        for each row execute function block_history()`.execute(h.db);
    } else {
      await sql`drop trigger block_history on change_records`.execute(h.db);
      await sql`drop function block_history()`.execute(h.db);
    }
    return;
  }
  if (block)
    await sql`create trigger block_history before insert on change_records
      begin select raise(abort, 'history unavailable'); end`.execute(h.db);
  else await sql`drop trigger block_history`.execute(h.db);
}
