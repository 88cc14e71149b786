import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type Harness, type Json, startMeasure } from './helpers/harness.js';
import { historyProbe } from './helpers/history-probe.js';

/**
 * Nothing, through the API or the database, can alter a change record once written; the history is read
 * by admins and metrologists only, per recipe, per user, filtered and paged, and exported as CSV.
 */
describe.each(DIALECTS)('reading the change history on %s', (dialect) => {
  let h: Harness;
  let maker: { id: number; key: string; username: string };
  let metrologist: { id: number; key: string };
  let probe: ReturnType<typeof historyProbe>;
  const latestId = () => probe.latestId();
  const newRecipe = () => probe.newRecipe();

  beforeAll(async () => {
    h = await startMeasure(dialect);
    maker = await h.user(['Maker']);
    metrologist = await h.user(['Metrologist']);
    probe = historyProbe(h, maker);
  });
  afterAll(() => h?.close());

  it('is append-only: no route alters a record, and the database refuses UPDATE and DELETE', async () => {
    const mark = await latestId();
    for (const [method, path] of [
      ['PUT', `/api/history/${mark}`],
      ['PATCH', `/api/history/${mark}`],
      ['DELETE', `/api/history/${mark}`],
      ['DELETE', '/api/history'],
      ['POST', '/api/history'],
    ] as const) {
      const res = await h.call(method, path, { key: h.adminKey, body: { reason: 'rewrite' } });
      expect([404, 405], `${method} ${path}`).toContain(res.status);
    }
    const before = await h.db
      .selectFrom('change_records')
      .selectAll()
      .where('id', '=', mark)
      .executeTakeFirstOrThrow();
    await expect(
      h.db.updateTable('change_records').set({ reason: 'rewritten' }).where('id', '=', mark).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(h.db.deleteFrom('change_records').where('id', '=', mark).execute()).rejects.toThrow(
      /append-only/,
    );
    if (dialect === 'postgres')
      await expect(sql`truncate change_records`.execute(h.db)).rejects.toThrow(/append-only/);
    const after = await h.db
      .selectFrom('change_records')
      .selectAll()
      .where('id', '=', mark)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('is read by admins and metrologists only, per recipe, per user and filtered, in pages', async () => {
    expect((await h.call('GET', '/api/history', { key: maker.key })).status).toBe(403);
    expect((await h.call('GET', '/api/history')).status).toBe(401);
    expect((await h.call('GET', '/api/history', { key: metrologist.key })).status).toBe(200);

    const recipeId = await newRecipe();
    for (const notes of ['first', 'second', 'third'])
      await h.call('PUT', `/api/recipes/${recipeId}`, { key: maker.key, body: { change_notes: notes } });
    const perRecipe = await h.call('GET', `/api/recipes/${recipeId}/history?per_page=2&page=2`, {
      key: metrologist.key,
    });
    expect(perRecipe.body).toMatchObject({ total: 4, page: 2, pages: 2 });
    expect(perRecipe.body.items.map((r: Json) => r.reason)).toEqual(['first', null]);
    const releases = await h.call('GET', `/api/recipes/${recipeId}/history?action=release`, {
      key: metrologist.key,
    });
    expect(releases.body.items.map((r: Json) => r.reason)).toEqual(['third', 'second', 'first']);
    expect((await h.call('GET', '/api/recipes/2147483647/history', { key: metrologist.key })).status).toBe(
      404,
    );

    const byMaker = await h.call('GET', `/api/users/${maker.id}/history?entity_type=recipe&per_page=500`, {
      key: h.adminKey,
    });
    expect(byMaker.body.items.length).toBeGreaterThanOrEqual(4);
    expect(byMaker.body.items.every((r: Json) => r.actor_id === maker.id && r.entity_type === 'recipe')).toBe(
      true,
    );

    const past = await h.call('GET', `/api/recipes/${recipeId}/history?date_to=2000-01-01`, {
      key: h.adminKey,
    });
    expect(past.body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const now = await h.call('GET', `/api/recipes/${recipeId}/history?date_from=${today}`, {
      key: h.adminKey,
    });
    expect(now.body.total).toBe(4);
    const bad = await h.call('GET', '/api/history?entity_type=gadget', { key: h.adminKey });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('entity_type');
    expect((await h.call('GET', '/api/history?date_from=yesterday', { key: h.adminKey })).status).toBe(422);

    // The service's own first act: the bootstrap administrator, with no actor.
    const boot = await h.call('GET', '/api/history?entity_type=user&entity_id=1', { key: h.adminKey });
    expect(boot.body.items.at(-1)).toMatchObject({ action: 'create', actor_id: null, actor_username: null });
  });

  it('exports the records as CSV, oldest first, with formulas neutralised', async () => {
    const recipeId = await newRecipe();
    await h.call('PUT', `/api/recipes/${recipeId}`, {
      key: maker.key,
      body: { change_notes: '=HYPERLINK("http://x")' },
    });
    const res = await h.call('GET', `/api/history/export/csv?recipe_id=${recipeId}`, {
      key: metrologist.key,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,recorded_at,actor_id,actor_username,entity_type,entity_id,action,recipe_id,version_id,changes,reason',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',recipe,');
    expect(lines[1]).toContain(',create,');
    expect(lines[2]).toContain(',release,');
    expect(lines[2]?.endsWith(`,"'=HYPERLINK(""http://x"")"`)).toBe(true);
    expect(lines[2]).toContain('"[{""field"":""version_number"",""before"":1,""after"":2}]"');
  });
});
