import { describe, expect, it } from 'vitest';
import { tokenMatcher } from './token-match.js';

describe('tokenMatcher', () => {
  it('names the token that matches, and nothing for anything else', () => {
    const match = tokenMatcher({ testnet: 'alpha-token', mainnet: 'beta-token' });
    expect(match('alpha-token')).toBe('testnet');
    expect(match('beta-token')).toBe('mainnet');
    expect(match('alpha-token ')).toBeUndefined();
    expect(match('')).toBeUndefined();
  });

  it('never matches an unset or empty token', () => {
    const match = tokenMatcher({ testnet: undefined, mainnet: '' });
    expect(match('')).toBeUndefined();
    expect(match('undefined')).toBeUndefined();
  });
});
