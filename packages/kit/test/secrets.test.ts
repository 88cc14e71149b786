import { describe, expect, it } from 'vitest';
import { timingSafeEqualText } from '../src/index.js';

describe('timingSafeEqualText', () => {
  it('is true only for identical text', () => {
    expect(timingSafeEqualText('token-a', 'token-a')).toBe(true);
    expect(timingSafeEqualText('token-a', 'token-b')).toBe(false);
    expect(timingSafeEqualText('token', 'token-longer')).toBe(false);
    expect(timingSafeEqualText('', 'x')).toBe(false);
  });
});
