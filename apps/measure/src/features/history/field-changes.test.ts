import { describe, expect, it } from 'vitest';
import { fieldChanges } from './field-changes.js';

describe('fieldChanges', () => {
  it('lists only the fields whose value differs, with both values', () => {
    const before = { name: 'Shaft', utl: 10.1, roles: ['Maker'] };
    const after = { name: 'Shaft', utl: 10.2, roles: ['Maker', 'Metrologist'] };
    expect(fieldChanges(before, after, ['name', 'utl', 'roles'])).toEqual([
      { field: 'utl', before: 10.1, after: 10.2 },
      { field: 'roles', before: ['Maker'], after: ['Maker', 'Metrologist'] },
    ]);
  });

  it('compares arrays and objects by content, not identity', () => {
    expect(fieldChanges({ a: { x: [1] } }, { a: { x: [1] } }, ['a'])).toEqual([]);
  });

  it('lists a creation from null and a deletion to null, leaving out empty fields', () => {
    expect(fieldChanges(null, { code: 'A', location: null }, ['code', 'location'])).toEqual([
      { field: 'code', before: null, after: 'A' },
    ]);
    expect(fieldChanges({ code: 'A', notes: null }, null, ['code', 'notes'])).toEqual([
      { field: 'code', before: 'A', after: null },
    ]);
  });

  it('never writes a password or key hash, even when asked to', () => {
    const before = { password_hash: 'scrypt$old', key_hash: 'aa', email: 'a@x' };
    const after = { password_hash: 'scrypt$new', key_hash: 'bb', email: 'b@x' };
    expect(fieldChanges(before, after, ['password_hash', 'key_hash', 'email'])).toEqual([
      { field: 'email', before: 'a@x', after: 'b@x' },
    ]);
  });
});
