import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

describe.each(DIALECTS)('auth and users on %s', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startMeasure(dialect);
  });
  afterAll(() => h?.close());

  it('bootstrap admin holds all three roles and is admin', async () => {
    const me = await h.call('GET', '/api/auth/me', { key: h.adminKey });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'admin', is_admin: true, active: true });
    expect(me.body.roles.sort()).toEqual(['Maker', 'MeasurementTec', 'Metrologist']);
    expect(me.body).not.toHaveProperty('password_hash');
  });

  it('rejects wrong credentials with 401 and the same message for unknown users', async () => {
    const wrong = await h.call('POST', '/api/auth/login', { body: { username: 'admin', password: 'nope' } });
    const unknown = await h.call('POST', '/api/auth/login', {
      body: { username: 'ghost', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe(unknown.body.detail);
  });

  it('issues a new key per login; logout revokes only the key used', async () => {
    const a = await h.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const b = await h.call('POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(a.body.api_key).not.toBe(b.body.api_key);
    expect((await h.call('POST', '/api/auth/logout', { key: a.body.api_key })).status).toBe(204);
    expect((await h.call('GET', '/api/auth/me', { key: a.body.api_key })).status).toBe(401);
    expect((await h.call('GET', '/api/auth/me', { key: b.body.api_key })).status).toBe(200);
  });

  it('stores keys hashed, never in clear', async () => {
    const rows = await h.db.selectFrom('api_keys').select('key_hash').execute();
    expect(rows.some((row) => row.key_hash === h.adminKey)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key_hash))).toBe(true);
  });

  it('401 for a missing or unknown key, 401 for an over-long key', async () => {
    expect((await h.call('GET', '/api/auth/me')).status).toBe(401);
    expect((await h.call('GET', '/api/auth/me', { key: 'mk_nothing' })).status).toBe(401);
    const long = await h.call('GET', '/api/auth/me', { key: 'x'.repeat(5000) });
    expect(long.status).toBe(401);
    expect(long.body.detail).toBeTypeOf('string');
  });

  it('PUT /auth/me changes own preferences only', async () => {
    const { key } = await h.user(['Maker']);
    const put = await h.call('PUT', '/api/auth/me', {
      key,
      body: { display_name: 'Ann', theme_pref: 'dark' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ display_name: 'Ann', theme_pref: 'dark', roles: ['Maker'] });
    const escalate = await h.call('PUT', '/api/auth/me', { key, body: { is_admin: true } });
    const me = await h.call('GET', '/api/auth/me', { key });
    expect(escalate.status).toBe(200);
    expect(me.body.is_admin).toBe(false);
  });

  it('creates users: 201, 409 on duplicate username, 422 on an invalid role', async () => {
    const body = { username: 'maker1', password: 'password-123', roles: ['Maker'], email: 'm@x.io' };
    const created = await h.call('POST', '/api/users', { key: h.adminKey, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'maker1',
      roles: ['Maker'],
      is_admin: false,
      active: true,
    });
    expect((await h.call('POST', '/api/users', { key: h.adminKey, body })).status).toBe(409);
    const bad = await h.call('POST', '/api/users', {
      key: h.adminKey,
      body: { ...body, username: 'maker2', roles: ['Wizard'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('roles');
  });

  it('lists and updates users; 404 for an unknown id', async () => {
    const { id } = await h.user([]);
    const list = await h.call('GET', '/api/users', { key: h.adminKey });
    expect(list.body.map((u: { id: number }) => u.id)).toContain(id);
    const put = await h.call('PUT', `/api/users/${id}`, {
      key: h.adminKey,
      body: { roles: ['Metrologist'], email: 'q@x.io' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ roles: ['Metrologist'], email: 'q@x.io' });
    expect((await h.call('PUT', '/api/users/99999', { key: h.adminKey, body: {} })).status).toBe(404);
  });

  it('soft delete revokes keys, keeps the row; deactivating oneself is 400', async () => {
    const { id, key, username } = await h.user(['Maker']);
    expect((await h.call('DELETE', `/api/users/${id}`, { key: h.adminKey })).status).toBe(204);
    expect((await h.call('GET', '/api/auth/me', { key })).status).toBe(401);
    const row = await h.db.selectFrom('users').select('active').where('id', '=', id).executeTakeFirst();
    expect(row?.active).toBe(0);
    const login = await h.call('POST', '/api/auth/login', {
      body: { username, password: 'password-123' },
    });
    expect(login.status).toBe(401);
    const me = await h.call('GET', '/api/auth/me', { key: h.adminKey });
    const self = await h.call('DELETE', `/api/users/${me.body.id}`, { key: h.adminKey });
    expect(self.status).toBe(400);
    const demote = await h.call('PUT', `/api/users/${me.body.id}`, {
      key: h.adminKey,
      body: { is_admin: false },
    });
    expect(demote.status).toBe(400);
    expect((await h.call('GET', '/api/users', { key: h.adminKey })).status).toBe(200);
  });

  it('an admin edits name, e-mail and language of a user; they see it on their own profile', async () => {
    const { id, key } = await h.user(['Maker']);
    const put = await h.call('PUT', `/api/users/${id}`, {
      key: h.adminKey,
      body: { display_name: 'Erika Mustermann', email: 'erika@example.de', language_pref: 'de' },
    });
    expect(put.status).toBe(200);
    const me = await h.call('GET', '/api/auth/me', { key });
    expect(me.body).toMatchObject({
      display_name: 'Erika Mustermann',
      email: 'erika@example.de',
      language_pref: 'de',
      roles: ['Maker'],
    });
  });

  it('reactivates a deactivated user: they sign in again with their password, old keys stay revoked', async () => {
    const { id, key, username } = await h.user(['MeasurementTec']);
    await h.call('DELETE', `/api/users/${id}`, { key: h.adminKey });
    const again = await h.call('POST', `/api/users/${id}/reactivate`, { key: h.adminKey });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, active: true, roles: ['MeasurementTec'] });
    expect((await h.call('GET', '/api/auth/me', { key })).status).toBe(401);
    const login = await h.call('POST', '/api/auth/login', { body: { username, password: 'password-123' } });
    expect(login.status).toBe(200);
    expect((await h.call('GET', '/api/auth/me', { key: login.body.api_key })).status).toBe(200);
    expect((await h.call('POST', '/api/users/99999/reactivate', { key: h.adminKey })).status).toBe(404);
  });

  it('regenerate-key revokes every earlier key and returns a working one', async () => {
    const { id, key } = await h.user(['Maker']);
    const regen = await h.call('POST', `/api/users/${id}/regenerate-key`, { key: h.adminKey });
    expect(regen.status).toBe(200);
    expect((await h.call('GET', '/api/auth/me', { key })).status).toBe(401);
    expect((await h.call('GET', '/api/auth/me', { key: regen.body.api_key })).status).toBe(200);
  });
});
