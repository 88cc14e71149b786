import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { idempotencyKeyOf, requestFingerprint } from './idempotency-key.js';
import { keyStoreKind } from './open-idempotency-keys.js';

describe('Idempotency-Key header', () => {
  it('takes 1–255 printable ASCII characters and refuses anything else with 400', () => {
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
    expect(idempotencyKeyOf('a b~')).toBe('a b~');
    expect(idempotencyKeyOf('x'.repeat(255))).toHaveLength(255);
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'é', ['a', 'b']])
      expect(() => idempotencyKeyOf(bad)).toThrow(
        expect.objectContaining({ status: 400, code: 'IDEMPOTENCY_KEY_INVALID' }),
      );
  });
});

describe('request fingerprint', () => {
  it('is the same for the same fields in any order, and differs by body or tool', () => {
    const body = { symbol: 'BTC', nested: { b: 1, a: [1, { y: 2, x: 1 }] } };
    const same = { nested: { a: [1, { x: 1, y: 2 }], b: 1 }, symbol: 'BTC' };
    expect(requestFingerprint('ns/place', body)).toBe(requestFingerprint('ns/place', same));
    expect(requestFingerprint('ns/place', body)).not.toBe(requestFingerprint('ns/cancel', body));
    expect(requestFingerprint('ns/place', body)).not.toBe(
      requestFingerprint('ns/place', { ...body, symbol: 'ETH' }),
    );
    expect(requestFingerprint('ns/place', { a: [1, 2] })).not.toBe(
      requestFingerprint('ns/place', { a: [2, 1] }),
    );
  });
});

describe('which key store', () => {
  const kind = (env: Record<string, string>) => keyStoreKind(loadConfig({ DATA_DIR: '/tmp', ...env }, []));
  it('is PostgreSQL with DATABASE_URL, else Redis with REDIS_URL, else SQLite, unless IDEMPOTENCY_STORE says', () => {
    expect(kind({})).toBe('sqlite');
    expect(kind({ REDIS_URL: 'redis://h' })).toBe('redis');
    expect(kind({ REDIS_URL: 'redis://h', DATABASE_URL: 'postgres://h/db' })).toBe('postgres');
    expect(kind({ REDIS_URL: 'redis://h', IDEMPOTENCY_STORE: 'sqlite' })).toBe('sqlite');
    expect(() => kind({ IDEMPOTENCY_STORE: 'redis' })).toThrow(/REDIS_URL/);
  });
});
