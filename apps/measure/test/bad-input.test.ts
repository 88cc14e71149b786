import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, recipeWithTask } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

describe.each(DIALECTS)('bad input never yields 500 on %s', (dialect) => {
  let h: Harness;
  let recipe: Awaited<ReturnType<typeof recipeWithTask>>;
  beforeAll(async () => {
    h = await startMeasure(dialect);
    recipe = await recipeWithTask(h);
  });
  afterAll(() => h?.close());

  const expect4xx = (res: { status: number; body: { detail?: unknown } }, status?: number) => {
    if (status) expect(res.status).toBe(status);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.detail).toBeTypeOf('string');
  };

  it('path ids are canonical decimal integers: any other spelling of 1 is 422', async () => {
    const id = String(recipe.id);
    expect((await h.call('GET', `/api/recipes/${id}`, { key: h.adminKey })).status).toBe(200);
    for (const spelling of ['0x1', '+1', '01', '%201', '1%0A', '1.0', '1e0', '0b1', `0${id}`, `%2B${id}`]) {
      const res = await h.call('GET', `/api/recipes/${spelling}`, { key: h.adminKey });
      expect4xx(res, 422);
      expect(res.body.detail).toContain('recipe_id');
    }
    expect4xx(await h.call('POST', '/api/users/0x1/regenerate-key', { key: h.adminKey }), 422);
    expect4xx(await h.call('GET', `/api/recipes/${id}/versions/01`, { key: h.adminKey }), 422);
  });

  it('malformed JSON is 400', async () => {
    expect4xx(await h.call('POST', '/api/recipes', { key: h.adminKey, raw: '{"code": "x", ' }), 400);
    expect4xx(await h.call('POST', '/api/auth/login', { raw: 'not json' }), 400);
    expect4xx(await h.call('POST', '/api/measurements/batch', { key: h.adminKey, raw: '[' }), 400);
  });

  it('wrong types, oversized strings and unknown enums are 422 naming the field', async () => {
    const key = h.adminKey;
    const wrongType = await h.call('POST', '/api/measurements/', {
      key,
      body: { subtask_id: '1', version_id: 1, value: 1 },
    });
    expect4xx(wrongType, 422);
    expect(wrongType.body.detail).toContain('subtask_id');
    const long = await h.call('POST', '/api/recipes', { key, body: { code: 'x', name: 'n'.repeat(256) } });
    expect4xx(long, 422);
    expect(long.body.detail).toContain('name');
    expect4xx(
      await h.call('POST', '/api/users', {
        key,
        body: { username: 'z', password: 'password-1', roles: ['Root'] },
      }),
      422,
    );
    expect4xx(await h.call('GET', '/api/measurements/?pass_fail=ok', { key }), 422);
    expect4xx(
      await h.call('POST', '/api/measurements/', {
        key,
        body: { subtask_id: 1, version_id: 1, value: 'NaN' },
      }),
      422,
    );
    expect4xx(await h.call('POST', '/api/measurements/batch', { key, body: { measurements: [] } }), 422);
    expect4xx(await h.call('POST', '/api/recipes', { key, body: [] }), 422);
    expect4xx(await h.call('POST', '/api/recipes', { key, body: null }), 422);
    const nul = await h.call('POST', '/api/recipes', { key, body: { code: 'a\u0000b', name: 'n' } });
    expect4xx(nul, 422);
    expect(nul.body.detail).toContain('body.code');
    expect4xx(await h.call('PUT', '/api/settings/', { key, body: { 'k\u0000': 'v' } }), 422);
    expect4xx(await h.call('GET', '/api/recipes?search=%00', { key }), 422);
    for (const code of ['a/b', ' lead', 'trail ', 'tab\there']) {
      expect4xx(await h.call('POST', '/api/recipes', { key, body: { code, name: 'n' } }), 422);
      expect4xx(await h.call('POST', '/api/stations', { key, body: { code, name: 'n' } }), 422);
    }
    for (const code of ['FL-100 rev B', 'pump{Cc}-Ä']) {
      expect((await h.call('POST', '/api/recipes', { key, body: { code, name: 'n' } })).status).toBe(201);
    }
  });

  it('negative, zero, huge and non-numeric ids and page numbers are 422', async () => {
    const key = h.adminKey;
    for (const id of ['-1', '0', '99999999999999999999', '1.5', 'abc', '2147483648']) {
      expect4xx(await h.call('GET', `/api/recipes/${id}`, { key }), 422);
      expect4xx(await h.call('PUT', `/api/tasks/${id}`, { key, body: {} }), 422);
      expect4xx(await h.call('GET', `/api/measurements/?page=${id}`, { key }), 422);
    }
    expect4xx(await h.call('GET', '/api/recipes?page=100000000000', { key }), 422);
    expect4xx(await h.call('GET', `/api/recipes/${recipe.id}/versions/-3`, { key }), 422);
  });

  it('an over-large body is refused with 413 and no write', async () => {
    const huge = JSON.stringify({ code: 'x', name: 'n', description: 'd'.repeat(2_000_000) });
    expect4xx(await h.call('POST', '/api/recipes', { key: h.adminKey, raw: huge }), 413);
  });

  it('generated bodies at the write endpoints: no 5xx and no partial writes', async () => {
    const version = recipe.current_version;
    const subtask = version.tasks[0].subtasks[0];
    const count = async (table: 'measurements' | 'recipe_versions' | 'subtasks') =>
      Number(
        (
          await h.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const nearValidItem = fc.record(
      {
        subtask_id: fc.oneof(
          fc.constant(subtask.id),
          fc.integer({ min: -5, max: 3_000_000_000 }),
          fc.string(),
        ),
        version_id: fc.oneof(fc.constant(version.id), fc.integer({ min: -5, max: 100 })),
        value: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.constant(null)),
        lot_number: fc.oneof(fc.string({ maxLength: 120, unit: 'binary' }), fc.integer()),
        input_method: fc.oneof(fc.constantFrom('manual', 'usb_caliper'), fc.string()),
      },
      { requiredKeys: [] },
    );
    const batchBody = fc.oneof(
      fc.record({ measurements: fc.array(nearValidItem, { maxLength: 8 }) }),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(batchBody, async (body) => {
        const before = await count('measurements');
        const res = await h.call('POST', '/api/measurements/batch', {
          key: h.adminKey,
          raw: JSON.stringify(body) ?? 'null',
        });
        expect(res.status).toBeLessThan(500);
        const stored = (await count('measurements')) - before;
        const sent = (body as { measurements?: unknown[] })?.measurements?.length ?? 0;
        expect(stored).toBe(res.status === 200 ? sent : 0);
      }),
      { numRuns: 60 },
    );

    const subtaskBody = fc.record(
      {
        marker_number: fc.oneof(fc.integer({ min: -2, max: 2_000_000 }), fc.string()),
        nominal: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e13, max: 1e13 }),
        ltl: fc.double({ noNaN: true, noDefaultInfinity: true }),
        lwl: fc.double({ noNaN: true, noDefaultInfinity: true }),
        uwl: fc.double({ noNaN: true, noDefaultInfinity: true }),
        utl: fc.double({ noNaN: true, noDefaultInfinity: true }),
        unit: fc.string({ maxLength: 30 }),
      },
      { requiredKeys: [] },
    );
    const taskBody = fc.oneof(
      fc.record(
        {
          title: fc.string({ maxLength: 300, unit: 'binary' }),
          annotations_json: fc.anything(),
          subtasks: fc.array(fc.oneof(subtaskBody, fc.constant({ marker_number: 900, ...limits() })), {
            maxLength: 4,
          }),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(taskBody, async (body) => {
        const [versions, subtasks] = [await count('recipe_versions'), await count('subtasks')];
        const res = await h.call('POST', `/api/recipes/${recipe.id}/tasks`, {
          key: h.adminKey,
          raw: JSON.stringify(body) ?? 'null',
        });
        expect(res.status).toBeLessThan(500);
        if (res.status !== 201) {
          expect(await count('recipe_versions')).toBe(versions);
          expect(await count('subtasks')).toBe(subtasks);
        }
      }),
      { numRuns: 60 },
    );

    const others: [string, string, fc.Arbitrary<unknown>][] = [
      [
        'POST',
        '/api/recipes',
        fc.record(
          { code: fc.string({ maxLength: 120, unit: 'binary' }), name: fc.anything() },
          { requiredKeys: [] },
        ),
      ],
      [
        'PUT',
        '/api/settings/',
        fc.dictionary(
          fc.string({ maxLength: 120, unit: 'binary' }),
          fc.oneof(fc.string({ unit: 'binary' }), fc.anything()),
        ),
      ],
      [
        'POST',
        '/api/stations',
        fc.record(
          {
            code: fc.string({ maxLength: 120, unit: 'binary' }),
            name: fc.string({ maxLength: 300, unit: 'binary' }),
            active: fc.anything(),
          },
          { requiredKeys: [] },
        ),
      ],
      [
        'POST',
        '/api/users',
        fc.record(
          {
            username: fc.string({ maxLength: 120, unit: 'binary' }),
            password: fc.string({ unit: 'binary' }),
            roles: fc.array(fc.string()),
          },
          { requiredKeys: [] },
        ),
      ],
      ['PUT', `/api/subtasks/${version.tasks[0].subtasks[1].id}`, subtaskBody],
      [
        'PUT',
        '/api/tasks/reorder',
        fc.record({ task_ids: fc.array(fc.oneof(fc.integer(), fc.anything()), { maxLength: 5 }) }),
      ],
    ];
    for (const [method, path, arbitrary] of others) {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (body) => {
          const res = await h.call(method, path, { key: h.adminKey, raw: JSON.stringify(body) ?? 'null' });
          expect(res.status, `${method} ${path} ${res.text}`).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    }
  });
});
